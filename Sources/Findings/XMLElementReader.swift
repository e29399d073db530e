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
        guard parser.parse() else {
            let reason = (parser.parserError as NSError?).map(describe) ?? "not well-formed"
            throw .malformedXML(format: format, reason: reason, line: parser.lineNumber, column: parser.columnNumber)
        }
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
        handle(.start(elementName, attributeDict))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        handle(.end(elementName))
    }
}
