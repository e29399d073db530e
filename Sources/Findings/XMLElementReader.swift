import Foundation
import JSONScanning
import XMLScanning

/// Runs the project's own XML scanner over a report, handing on element starts (with
/// attributes, entities decoded) and ends, and refusing, with a line and column, a report that
/// is not well-formed: a mismatched or missing end tag, a cut-off document, a stray `<`.
///
/// Not Foundation's `XMLParser`: on Linux it lives in FoundationXML, which would load libxml2
/// into the server (a library its image does not ship), and it stops the process on some
/// malformed names (swift-corelibs-foundation issue 5534). Entities are never expanded beyond
/// the five predefined ones and character references; a DOCTYPE is refused.
enum XMLElementReader {
    /// One element event.
    enum Event {
        case start(String, [String: String])
        case end(String)
    }

    /// The deepest an element may nest (the root is at depth 1), as deep as a JSON report's
    /// values: reports nest three or four deep, and a stack of millions of open elements costs
    /// seconds and hundreds of megabytes before the document is found to end early.
    static let maximumDepth = JSONScanner.maximumDepth

    /// Scans `data`, calling `handle` for each element event in document order; an error
    /// `handle` throws (a limit reached) ends the scan.
    static func read(_ data: Data, format: ReportFormat, handle: (Event) throws(FindingsError) -> Void) throws(FindingsError) {
        let bytes = [UInt8](data)
        if let offset = firstInvalidUTF8(bytes) {
            throw malformed(format, "the report is not valid UTF-8", in: bytes, at: offset)
        }
        if let offset = doctypeOffset(bytes) {
            throw malformed(format, "DOCTYPE declarations are not accepted", in: bytes, at: offset)
        }
        var scanner = XMLScanner(bytes)
        var open: [String] = []
        var sawRoot = false
        while let event = scanner.next() {
            if let problem = scanner.problem { throw malformed(format, problem.reason, in: bytes, at: problem.offset) }
            switch event {
            case .start(let name, let attributes, let selfClosing):
                sawRoot = true
                guard open.count < maximumDepth else {
                    throw malformed(format, "elements nest more than \(maximumDepth) deep", in: bytes, at: scanner.position)
                }
                try handle(.start(name, attributes))
                if selfClosing { try handle(.end(name)) } else { open.append(name) }
            case .end(let name):
                guard open.last == name else {
                    let expected = open.last.map { "</\($0)>" } ?? "no end tag"
                    throw malformed(format, "</\(name)> where \(expected) was expected", in: bytes, at: scanner.position)
                }
                open.removeLast()
                try handle(.end(name))
            case .text:
                break
            }
        }
        if let problem = scanner.problem { throw malformed(format, problem.reason, in: bytes, at: problem.offset) }
        if scanner.truncated || !open.isEmpty {
            let inside = open.last.map { " inside <\($0)>" } ?? ""
            throw malformed(format, "the document ends\(inside)", in: bytes, at: bytes.count)
        }
        if !sawRoot { throw malformed(format, "no root element", in: bytes, at: bytes.count) }
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence, if any.
    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The offset of the first `<!DOCTYPE`, in any letter case: the scanner skips any `<!…>`
    /// declaration, so `<!doctype` must be refused as surely as the uppercase spelling.
    private static func doctypeOffset(_ bytes: [UInt8]) -> Int? {
        let word = Array("doctype".utf8)
        var start = bytes.startIndex
        while let range = bytes[start...].firstRange(of: Array("<!".utf8)) {
            let name = bytes[range.upperBound...].prefix(word.count)
            // ASCII letters only: `| 0x20` lowers a letter and leaves `<!-` (a comment) unequal.
            if name.count == word.count, zip(name, word).allSatisfy({ $0 | 0x20 == $1 }) { return range.lowerBound }
            start = range.upperBound
        }
        return nil
    }

    /// The error `reason` at byte `offset` of `bytes`, as a line and column.
    private static func malformed(_ format: ReportFormat, _ reason: String, in bytes: [UInt8], at offset: Int) -> FindingsError {
        let before = bytes[..<min(offset, bytes.count)]
        let line = 1 + before.count(where: { $0 == 0x0A })
        let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return .malformedXML(format: format, reason: reason, line: line, column: column)
    }
}
