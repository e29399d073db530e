import Core
import Foundation

/// Reads a SARIF 2.1.0 log incrementally, chunk by chunk, holding one JSON value at a time.
///
/// A SARIF log is one JSON object, but its bulk is `runs[].results[]`: many independent result
/// objects. This reader follows the document's skeleton itself (the log object, `runs`, each
/// run, `results`) and frames every other value, chiefly each result, as a byte range; a
/// complete range is then read by `JSONScanner` (`SARIFResult`, `SARIFRun`) and dropped. Memory
/// is the chunk, the largest single value (a result, a run's `tool`) and the findings, never the
/// document: a 100 MB log is read at disk speed without building a tree.
///
/// Feed it bytes in any pieces (``feed(_:)``), then call ``finish()``. Every value it frames
/// is still checked in full, so malformed JSON anywhere is an error naming the byte offset;
/// properties it does not know are skipped.
public struct SARIFStreamReader: ReportStreamReader {
    /// Where in the skeleton a container is.
    enum Frame {
        case log, runs, run, results

        var isObject: Bool { self == .log || self == .run }
    }

    /// What the next value is to the reader.
    enum Role {
        case log, runs, run, results
        case tool, baseURIs, result, key, nullOrSkipped, skipped
    }

    /// What the skeleton expects next.
    enum Expect {
        case value(Role)
        case keyOrClose, key, colon, elementOrClose, commaOrClose, end
    }

    /// A value being framed: where it starts in ``buffer`` and how far its scan has got.
    struct Value {
        var role: Role
        var start: Int
        var framer: JSONValueFramer
    }

    /// The default limit on one value (a result, a run's `tool`, an `artifacts` array).
    public static let defaultMaximumValueBytes = 64 << 20
    /// The most bytes the findings' paths may come to once resolved through the runs'
    /// `originalUriBaseIds`: a long base shared by many short URIs would otherwise make every
    /// finding hold a copy of it, far more memory than the log itself (as much as the agent
    /// route's body may hold).
    public static let maximumPathBytes = JobFindings.bodyLimit

    let root: String?
    let maximumValueBytes: Int
    /// The most results the log may hold (over all runs).
    let maximumFindings: Int
    /// What the paths made so far may still take (``maximumPathBytes`` at the start).
    var pathBudget = SARIFStreamReader.maximumPathBytes
    /// Bytes not yet consumed: the value being framed and what follows it.
    var buffer: [UInt8] = []
    /// The file offset of `buffer[0]`, for error messages.
    var base = 0
    /// The next byte of `buffer` to look at.
    var position = 0
    var stack: [Frame] = []
    var expect = Expect.value(.log)
    var pendingRole = Role.skipped
    var value: Value?
    var run = SARIFRun()
    var findings: [Finding] = []

    /// A reader whose findings' paths are made relative to `root` (the repository checkout),
    /// refusing a log of more than `maximumFindings` results as soon as it holds one more.
    public init(
        root: String?, maximumValueBytes: Int = SARIFStreamReader.defaultMaximumValueBytes, maximumFindings: Int = JobFindings.maximumFindings
    ) {
        self.root = root
        self.maximumValueBytes = maximumValueBytes
        self.maximumFindings = maximumFindings
    }

    /// Reads the next piece of the log.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(FindingsError) {
        buffer.append(contentsOf: bytes)
        try process()
        let keep = value?.start ?? position
        if let value, buffer.count - value.start > maximumValueBytes {
            throw .invalidReport(format: .sarif, reason: "a single value is larger than \(maximumValueBytes) bytes", offset: base + value.start)
        }
        buffer.removeSubrange(0..<keep)
        base += keep
        position -= keep
        value?.start -= keep
    }

    /// Ends the log: the findings of every run, or why the log is incomplete.
    public mutating func finish() throws(FindingsError) -> [Finding] {
        guard value == nil, case .end = expect else {
            throw .malformedJSON(format: .sarif, reason: "unexpected end of data", offset: base + buffer.count)
        }
        return findings
    }

    /// Reads a whole SARIF file, `chunkBytes` at a time.
    public static func read(
        fileAt path: String, root: String?, chunkBytes: Int = 1 << 20, maximumFindings: Int = JobFindings.maximumFindings
    ) throws(FindingsError) -> [Finding] {
        var reader = SARIFStreamReader(root: root, maximumFindings: maximumFindings)
        return try reader.read(fileAt: path, chunkBytes: chunkBytes)
    }

    // MARK: Skeleton

    /// Moves through the skeleton up to the end of the buffer (or of the log).
    private mutating func process() throws(FindingsError) {
        while position < buffer.count {
            if value != nil {
                guard try advanceValue() else { return }
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

    /// Takes one structural byte (or starts a value) in the state `expect`.
    private mutating func step(_ byte: UInt8) throws(FindingsError) {
        switch expect {
        case .value(let role): try startValue(role, byte)
        case .keyOrClose where byte == UInt8(ascii: "}"), .elementOrClose where byte == UInt8(ascii: "]"),
             .commaOrClose where byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]"):
            try close(byte)
        case .keyOrClose, .key:
            guard byte == UInt8(ascii: "\"") else { throw malformed("expected a member name in quotes") }
            try startValue(.key, byte)
        case .elementOrClose:
            try startValue(elementRole, byte)
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw malformed("expected ':' after member name") }
            position += 1
            expect = .value(pendingRole)
        case .commaOrClose:
            guard byte == UInt8(ascii: ",") else {
                throw malformed(stack.last?.isObject == true ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
            }
            position += 1
            expect = stack.last?.isObject == true ? .key : .value(elementRole)
        case .end:
            throw malformed("unexpected data after the JSON value")
        }
    }

    /// The role of an element of the innermost array.
    private var elementRole: Role { stack.last == .runs ? .run : .result }

    /// Opens a skeleton container, or starts framing any other value.
    private mutating func startValue(_ role: Role, _ byte: UInt8) throws(FindingsError) {
        let frame: Frame?
        switch role {
        case .log: frame = .log
        case .runs: frame = .runs
        case .run: frame = .run
        case .results: frame = .results
        default: frame = nil
        }
        guard let frame else { return try beginValue(role, byte) }
        let opener = frame.isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")
        guard byte == opener else {
            // `"results": null` is how a run says its tool did not finish (§3.14.23).
            if frame == .runs || frame == .results, byte == UInt8(ascii: "n") { return try beginValue(.nullOrSkipped, byte) }
            throw FindingsError.invalidReport(format: .sarif, reason: Self.shapeProblem(frame), offset: base + position)
        }
        position += 1
        stack.append(frame)
        if frame == .run { run = SARIFRun() }
        expect = frame.isObject ? .keyOrClose : .elementOrClose
    }

    private static func shapeProblem(_ frame: Frame) -> String {
        switch frame {
        case .log: "a SARIF log must be a JSON object"
        case .runs: "'runs' must be an array"
        case .run: "each run must be an object"
        case .results: "'results' must be an array"
        }
    }

    /// Closes the innermost skeleton container with `byte`.
    private mutating func close(_ byte: UInt8) throws(FindingsError) {
        guard let frame = stack.last, byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
            throw malformed("unexpected character '\(Unicode.Scalar(byte))'")
        }
        position += 1
        stack.removeLast()
        if frame == .run { findings += try run.findings(root: root, pathBudget: &pathBudget) }
        expect = stack.isEmpty ? .end : .commaOrClose
    }

    /// The error `reason` at the current byte.
    func malformed(_ reason: String) -> FindingsError {
        .malformedJSON(format: .sarif, reason: reason, offset: base + position)
    }
}
