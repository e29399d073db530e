/// Turns real-shaped inputs into nearby broken ones: the mutation engine every fuzz harness
/// shares.
///
/// Starts from a seed input (a real payload, log or definition) and applies one to four
/// mutations: byte-level ones any fuzzer makes, and ones aimed at what breaks parsers written
/// by hand (deep nesting, invalid UTF-8, NULs, huge numbers, a cut-off end, the format's own
/// tokens in the wrong place, a line repeated thousands of times).
public struct ByteMutator: Sendable {
    /// One way of changing an input.
    public enum Mutation: CaseIterable, Sendable {
        case flipBit, randomByte, insertRandomBytes, deleteSpan, duplicateSpan, spliceOtherInput, truncate
        case insertToken, overwriteWithToken, deepNesting, invalidUTF8, nul, hugeNumber, swapLines, repeatLine
    }

    /// The format's tokens and nesting.
    public let grammar: InputGrammar
    /// Inputs are cut back to this many bytes after mutating, so stacked duplications cannot
    /// grow them without bound (the large-input tests are explicit, not random).
    public let maximumLength: Int
    /// Deepest nesting one mutation inserts: past every parser's limit, cheap to build.
    public let maximumNesting: Int

    /// A mutator for `grammar`'s format.
    public init(grammar: InputGrammar, maximumLength: Int = 256 * 1024, maximumNesting: Int = 3_000) {
        self.grammar = grammar
        self.maximumLength = maximumLength
        self.maximumNesting = maximumNesting
    }

    /// `input` with one to four random mutations; `corpus` supplies spans to splice in.
    public func mutate(_ input: [UInt8], corpus: [[UInt8]], using random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0...random.below(4) {
            let mutation = random.pick(Mutation.allCases) ?? .flipBit
            apply(mutation, to: &bytes, corpus: corpus, using: &random)
        }
        if bytes.count > maximumLength { bytes.removeLast(bytes.count - maximumLength) }
        return bytes
    }

    // MARK: Mutations

    /// Changes `bytes` by `mutation`; a mutation needing bytes that are not there does nothing.
    public func apply(_ mutation: Mutation, to bytes: inout [UInt8], corpus: [[UInt8]], using random: inout SplitMix64) {
        let position = random.below(bytes.count + 1)
        switch mutation {
        case .flipBit:
            guard position < bytes.count else { return }
            bytes[position] ^= 1 << UInt8(random.below(8))
        case .randomByte:
            guard position < bytes.count else { return }
            bytes[position] = UInt8(truncatingIfNeeded: random.next())
        case .insertRandomBytes:
            let count = random.skewedSize(upTo: 64)
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: position)
        case .deleteSpan:
            let span = spanRange(in: bytes, using: &random)
            bytes.removeSubrange(span)
        case .duplicateSpan:
            let span = spanRange(in: bytes, using: &random)
            let copies = random.skewedSize(upTo: 256)
            let piece = Array(bytes[span])
            bytes.insert(contentsOf: (0..<copies).flatMap { _ in piece }, at: span.upperBound)
        case .spliceOtherInput:
            guard let other = random.pick(corpus), !other.isEmpty else { return }
            let span = spanRange(in: other, using: &random)
            bytes.insert(contentsOf: other[span], at: position)
        case .truncate:
            bytes.removeSubrange(position...)
        case .insertToken:
            bytes.insert(contentsOf: random.pick(grammar.tokens) ?? [], at: position)
        case .overwriteWithToken:
            let token = random.pick(grammar.tokens) ?? []
            bytes.replaceSubrange(position..<min(bytes.count, position + token.count), with: token)
        case .deepNesting:
            bytes.insert(contentsOf: nesting(using: &random), at: position)
        case .invalidUTF8:
            let sequences: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xFE, 0xFF]]
            bytes.insert(contentsOf: random.pick(sequences) ?? [], at: position)
        case .nul:
            bytes.insert(contentsOf: [UInt8](repeating: 0, count: random.skewedSize(upTo: 4)), at: position)
        case .hugeNumber:
            let digits = [UInt8](repeating: UInt8(ascii: "9"), count: random.skewedSize(upTo: 2_000))
            let forms: [[UInt8]] = [digits, [UInt8(ascii: "-")] + digits, Array("1e".utf8) + digits, Array("0.".utf8) + digits]
            bytes.insert(contentsOf: random.pick(forms) ?? digits, at: position)
        case .swapLines, .repeatLine:
            mutateLines(mutation, &bytes, using: &random)
        }
    }

    // MARK: Helpers

    /// A span of `bytes`, usually short, never past the end.
    private func spanRange(in bytes: [UInt8], using random: inout SplitMix64) -> Range<Int> {
        let start = random.below(bytes.count + 1)
        let length = min(random.skewedSize(upTo: 512), bytes.count - start)
        return start..<(start + length)
    }

    /// An opener repeated up to ``maximumNesting`` times, closed fully, partly or not at all.
    private func nesting(using random: inout SplitMix64) -> [UInt8] {
        guard let (open, close) = random.pick(grammar.nesting) else { return [] }
        let depth = random.skewedSize(upTo: maximumNesting)
        let closed = random.oneIn(2) ? depth : random.below(depth + 1)
        var output: [UInt8] = []
        output.reserveCapacity(depth * open.count + closed * close.count + 1)
        for _ in 0..<depth { output += open }
        output.append(UInt8(ascii: "1"))
        for _ in 0..<closed { output += close }
        return output
    }

    /// Swaps two lines, or repeats one many times (a log of thousands of identical lines, a
    /// YAML key defined over and over).
    private func mutateLines(_ mutation: Mutation, _ bytes: inout [UInt8], using random: inout SplitMix64) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard !lines.isEmpty else { return }
        let first = random.below(lines.count)
        if mutation == .swapLines {
            lines.swapAt(first, random.below(lines.count))
        } else {
            let copies = random.skewedSize(upTo: 4_096)
            lines.insert(contentsOf: repeatElement(lines[first], count: copies), at: first)
        }
        bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }
}
