import Core
import Foundation
import JSONScanning

/// Reads a GitLab Code Quality report (`gl-code-quality-report.json`, the Code Climate issue
/// format) incrementally, chunk by chunk, holding one issue at a time.
///
/// The report is a JSON array of issues: `check_name`, `description`, `fingerprint`,
/// `severity` (`info`, `minor`, `major`, `critical`, `blocker`, in any case), `engine_name`
/// (GitLab's code quality engines and SwiftLint's `codeclimate` reporter write it), and
/// `location` with `path` and the line in `lines.begin` or in `positions.begin.line`.
/// Everything else (`content`, `categories`, `other_locations`, …) is skipped, though checked.
///
/// As ``SARIFStreamReader`` does, it frames each issue as a byte range (``JSONValueFramer``)
/// and reads a complete one with `JSONScanner`: memory is the chunk, the largest issue and the
/// findings, never the document. One issue may take at most `maximumValueBytes`, the paths
/// ``SARIFStreamReader/maximumPathBytes`` in all, and reading stops at the first finding past
/// `maximumFindings`. Malformed JSON anywhere is an error naming its byte offset.
public struct CodeClimateStreamReader: ReportStreamReader {
    /// What the top-level array expects next.
    private enum Expect {
        case open, elementOrClose, commaOrClose, element, end
    }

    /// The tool of issues that name no `engine_name`.
    public static let defaultTool = "Code Quality"

    private let root: String?
    private let maximumValueBytes: Int
    private let maximumFindings: Int
    /// What the paths read so far may still take.
    private var pathBudget = SARIFStreamReader.maximumPathBytes
    /// Bytes not yet consumed: the issue being framed and what follows it.
    private var buffer: [UInt8] = []
    /// The file offset of `buffer[0]`, for error messages.
    private var base = 0
    private var position = 0
    private var expect = Expect.open
    /// The issue being framed: where it starts in `buffer`, and its framer.
    private var value: (start: Int, framer: JSONValueFramer)?
    private var findings: [Finding] = []

    /// A reader whose findings' paths are made relative to `root` (the repository checkout),
    /// refusing a report of more than `maximumFindings` issues as soon as it holds one more.
    public init(
        root: String?, maximumValueBytes: Int = SARIFStreamReader.defaultMaximumValueBytes, maximumFindings: Int = JobFindings.maximumFindings
    ) {
        self.root = root
        self.maximumValueBytes = maximumValueBytes
        self.maximumFindings = maximumFindings
    }

    /// Reads the next piece of the report.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(FindingsError) {
        buffer.append(contentsOf: bytes)
        // A byte-order mark is not JSON, but editors add one; offsets still count it. Its
        // bytes may come in pieces: wait for all three.
        if base == 0, position == 0, case .open = expect {
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            if buffer.count < mark.count, mark.starts(with: buffer) { return }
            if buffer.starts(with: mark) { position = mark.count }
        }
        try process()
        let keep = value?.start ?? position
        if let value, buffer.count - value.start > maximumValueBytes {
            throw .invalidReport(format: .codeClimate, reason: "a single issue is larger than \(maximumValueBytes) bytes", offset: base + value.start)
        }
        buffer.removeSubrange(0..<keep)
        base += keep
        position -= keep
        value?.start -= keep
    }

    /// Ends the report: its findings, or why it is incomplete.
    public mutating func finish() throws(FindingsError) -> [Finding] {
        guard value == nil, case .end = expect else {
            throw .malformedJSON(format: .codeClimate, reason: "unexpected end of data", offset: base + buffer.count)
        }
        return findings
    }

    // MARK: The array

    private mutating func process() throws(FindingsError) {
        while position < buffer.count {
            if value != nil {
                guard try advanceIssue() else { return }
                continue
            }
            let byte = buffer[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                position += 1
                continue
            }
            try step(byte)
        }
    }

    /// Takes one structural byte, or starts framing an issue.
    private mutating func step(_ byte: UInt8) throws(FindingsError) {
        switch expect {
        case .open:
            guard byte == UInt8(ascii: "[") else {
                throw FindingsError.invalidReport(format: .codeClimate, reason: "a Code Quality report must be a JSON array of issues", offset: base + position)
            }
            position += 1
            expect = .elementOrClose
        case .elementOrClose where byte == UInt8(ascii: "]"), .commaOrClose where byte == UInt8(ascii: "]"):
            position += 1
            expect = .end
        case .elementOrClose, .element:
            guard let framer = JSONValueFramer(first: byte) else { throw malformed("unexpected character '\(Unicode.Scalar(byte))'") }
            value = (position, framer)
            position += 1
        case .commaOrClose:
            guard byte == UInt8(ascii: ",") else { throw malformed("expected ',' or ']' in an array") }
            position += 1
            expect = .element
        case .end:
            throw malformed("unexpected data after the JSON value")
        }
    }

    /// Scans the framed issue onwards; true (and the issue read) once it is complete.
    private mutating func advanceIssue() throws(FindingsError) -> Bool {
        guard var framed = value else { return true }
        let from = position
        guard let end = buffer.withUnsafeBufferPointer({ framed.framer.scan($0, from: from) }) else {
            position = buffer.count
            value = framed
            return false
        }
        position = end
        value = nil
        guard findings.count < maximumFindings else { throw .tooManyFindings(format: .codeClimate, limit: maximumFindings) }
        let start = framed.start
        var issue = CodeClimateIssue()
        do throws(JSONScanner.Failure) {
            try buffer.withUnsafeBufferPointer { (whole: UnsafeBufferPointer<UInt8>) throws(JSONScanner.Failure) in
                var scanner = JSONScanner(UnsafeBufferPointer(rebasing: whole[start..<end]))
                issue = try CodeClimateIssue.read(&scanner, depth: 1)
                try scanner.expectEnd()
            }
        } catch {
            throw .malformedJSON(format: .codeClimate, reason: error.reason, offset: base + start + error.offset)
        }
        findings.append(try issue.finding(root: root, pathBudget: &pathBudget))
        expect = .commaOrClose
        return true
    }

    /// The error `reason` at the current byte.
    private func malformed(_ reason: String) -> FindingsError {
        .malformedJSON(format: .codeClimate, reason: reason, offset: base + position)
    }
}
