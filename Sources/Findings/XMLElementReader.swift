import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Runs Foundation's streaming `XMLParser` over a report, handing on element starts (with
/// attributes, entities decoded) and ends, and turning a parse failure into an error with its
/// line and column.
///
/// `XMLParser` (libxml2 on Linux) rather than the build-metrics scanner: a malformed report
/// must be refused with a position, not read as far as it goes. External entities are never
/// resolved (the parser's default, set explicitly anyway).
final class XMLElementReader: NSObject, XMLParserDelegate {
    /// One element event.
    enum Event {
        case start(String, [String: String])
        case end(String)
    }

    private let handle: (Event) -> Void
    /// Open elements, innermost last: FoundationXML on Linux reports neither a mismatched end
    /// tag nor a document cut off inside an element, so the reader checks both itself.
    private var open: [String] = []
    /// A problem found by the checks above, with the line and column it was found at.
    private var problem: (reason: String, line: Int, column: Int)?

    private init(_ handle: @escaping (Event) -> Void) {
        self.handle = handle
    }

    /// Parses `data`, calling `handle` for each element event in document order.
    static func read(_ data: Data, format: ReportFormat, handle: @escaping (Event) -> Void) throws(FindingsError) {
        let parser = XMLParser(data: try neutralise(data, format: format))
        let reader = XMLElementReader(handle)
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let parsed = parser.parse()
        if let problem = reader.problem {
            throw .malformedXML(format: format, reason: problem.reason, line: problem.line, column: problem.column)
        }
        guard parsed else {
            let reason = (parser.parserError as NSError?).map(describe) ?? "not well-formed"
            throw .malformedXML(format: format, reason: reason, line: parser.lineNumber, column: parser.columnNumber)
        }
        if let element = reader.open.last {
            throw .malformedXML(format: format, reason: "the document ends inside <\(element)>", line: parser.lineNumber, column: parser.columnNumber)
        }
        if !reader.sawRoot { throw .malformedXML(format: format, reason: "no root element", line: parser.lineNumber, column: parser.columnNumber) }
    }

    /// Whether any element was seen.
    private var sawRoot = false

    /// `data` with every processing instruction but the XML declaration blanked out (same
    /// length, line breaks kept, so positions still match the file); refused if it is not
    /// UTF-8 or declares a DOCTYPE.
    ///
    /// FoundationXML on Linux stops the process, instead of failing, on a processing
    /// instruction without data (`<?x?>`) and on a name that is not valid UTF-8
    /// (swift-corelibs-foundation issue 5534). A DOCTYPE is how entity-expansion bombs get in.
    /// No analyser writes any of these.
    static func neutralise(_ data: Data, format: ReportFormat) throws(FindingsError) -> Data {
        var bytes = [UInt8](data)
        if let offset = firstInvalidUTF8(bytes) {
            throw malformed(format, "the report is not valid UTF-8", in: bytes, at: offset)
        }
        if let range = bytes.firstRange(of: Array("<!DOCTYPE".utf8)) {
            throw malformed(format, "DOCTYPE declarations are not accepted", in: bytes, at: range.lowerBound)
        }
        var index = 0
        while let open = bytes[index...].firstRange(of: Array("<?".utf8)) {
            guard let close = bytes[open.upperBound...].firstRange(of: Array("?>".utf8)) else { break }
            let isDeclaration = bytes[open.upperBound...].starts(with: Array("xml".utf8))
                && close.lowerBound > open.upperBound + 3 && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[open.upperBound + 3])
            if !isDeclaration {
                for position in open.lowerBound..<close.upperBound where bytes[position] != 0x0A { bytes[position] = 0x20 }
            }
            index = close.upperBound
        }
        return Data(bytes)
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

    /// The error `reason` at byte `offset` of `bytes`, as a line and column.
    private static func malformed(_ format: ReportFormat, _ reason: String, in bytes: [UInt8], at offset: Int) -> FindingsError {
        let before = bytes[..<offset]
        let line = 1 + before.count(where: { $0 == 0x0A })
        let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return .malformedXML(format: format, reason: reason, line: line, column: column)
    }

    /// libxml2's message when it gave one (it ends with a newline), else the error's code.
    private static func describe(_ error: NSError) -> String {
        let message = (error.userInfo[NSLocalizedDescriptionKey] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let message, !message.isEmpty, !message.hasPrefix("The operation could not be completed") { return message }
        return "not well-formed (XML error \(error.code))"
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard problem == nil else { return }
        sawRoot = true
        open.append(elementName)
        handle(.start(elementName, attributeDict))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard problem == nil else { return }
        guard open.last == elementName else {
            let expected = open.last.map { "</\($0)>" } ?? "no end tag"
            problem = ("</\(elementName)> where \(expected) was expected", parser.lineNumber, parser.columnNumber)
            parser.abortParsing()
            return
        }
        open.removeLast()
        handle(.end(elementName))
    }
}
