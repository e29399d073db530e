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
        let parser = XMLParser(data: data)
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
