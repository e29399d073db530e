/// Replaces secret values in a job's output with `***` before a line leaves the agent, and
/// again where the server stores what it is sent.
///
/// Each value is masked in every form a tool is likely to print it in (see
/// ``forms(of:)``): as it is, line by line when it has several lines, in base64 (also in the
/// middle of longer base64 text, as in an `Authorization: Basic` header), percent-encoded, and
/// escaped in a JSON string. Masking cannot catch a value a job transforms in any other way:
/// a job can always send out what it is given.
public struct SecretMasker: Sendable {
    /// What a masked value becomes.
    public static let replacement: [UInt8] = Array("***".utf8)
    /// Forms shorter than this are not masked: masking `1` would blank every log.
    public static let minimumLength = 4

    /// Every form to replace, longest first.
    let patterns: [[UInt8]]
    /// Indexes into `patterns` by first byte, longest first.
    let byFirstByte: [UInt8: [Int]]

    /// A masker for `values`; empty values and forms shorter than ``minimumLength`` are left out.
    public init(values: [[UInt8]]) {
        var forms = Set<[UInt8]>()
        for value in values { forms.formUnion(Self.forms(of: value)) }
        patterns = forms.filter { $0.count >= Self.minimumLength }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
        var index: [UInt8: [Int]] = [:]
        for (position, pattern) in patterns.enumerated() { index[pattern[0], default: []].append(position) }
        byFirstByte = index
    }

    /// Whether there is nothing to mask.
    public var isEmpty: Bool { patterns.isEmpty }

    /// `text` with every form of every value replaced.
    public func mask(_ text: [UInt8]) -> [UInt8] {
        scan(text, final: true).output
    }

    /// `text` with every form of every value replaced; bytes that are not UTF-8 are repaired.
    public func mask(_ text: String) -> String {
        isEmpty ? text : String(decoding: mask(Array(text.utf8)), as: UTF8.self)
    }

    /// A stream that masks output arriving in chunks, a value split between two chunks
    /// included.
    public func stream() -> SecretMaskingStream {
        SecretMaskingStream(masker: self)
    }

    /// `buffer` with every match replaced. The longest form matching at each position marks a
    /// span; spans that overlap or touch become one `***`, so a secret starting inside another
    /// one's match does not leave its tail behind. Unless `final`, the scan stops where the
    /// rest of the buffer could be the start of a form the next chunk completes (or at the start
    /// of the span that place lies in), and answers that rest as `pending`.
    func scan(_ buffer: [UInt8], final: Bool) -> (output: [UInt8], pending: [UInt8]) {
        var spans: [Range<Int>] = []
        var holdFrom: Int?
        for position in buffer.indices {
            guard let candidates = byFirstByte[buffer[position]] else { continue }
            let available = buffer.count - position
            if !final, candidates.contains(where: { patterns[$0].count > available && buffer[position...].elementsEqual(patterns[$0].prefix(available)) }) {
                holdFrom = position
                break
            }
            // Longest first, so the first match is the longest.
            guard let index = candidates.first(where: { index in
                patterns[index].count <= available && buffer[position..<position + patterns[index].count].elementsEqual(patterns[index])
            }) else { continue }
            let match = position..<position + patterns[index].count
            if let last = spans.last, match.lowerBound <= last.upperBound {
                spans[spans.count - 1] = last.lowerBound..<max(last.upperBound, match.upperBound)
            } else {
                spans.append(match)
            }
        }
        var cut = buffer.count
        if let holdFrom {
            // Spans are in order and apart, so only the last can reach past the held place.
            cut = spans.last.map { $0.upperBound > holdFrom ? $0.lowerBound : holdFrom } ?? holdFrom
            spans.removeAll { $0.upperBound > cut }
        }
        var output: [UInt8] = []
        output.reserveCapacity(cut)
        var position = 0
        for span in spans {
            output += buffer[position..<span.lowerBound]
            output += Self.replacement
            position = span.upperBound
        }
        output += buffer[position..<cut]
        return (output, Array(buffer[cut...]))
    }
}
