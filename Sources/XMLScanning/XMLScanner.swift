import Foundation

/// A small pull scanner for the XML that test reporters write: elements, attributes (with
/// entities), self-closing tags, text, CDATA, comments, processing instructions and DOCTYPE.
/// No namespaces, no DTD validation, no external entities (nothing is ever fetched).
///
/// Why not `XMLParser`: on Linux it lives in FoundationXML and loads libxml2 into the server.
/// This scanner never fails: a cut-off document ends early with ``truncated`` set, and a stray
/// `<` is read as text. A reader that must refuse what is not well-formed (an analyser's
/// report) checks ``problem``, the first thing the scanner had to read leniently.
public struct XMLScanner {
    /// One piece of the document.
    public enum Event: Equatable, Sendable {
        /// `<name a="1">` or `<name/>`.
        case start(name: String, attributes: [String: String], selfClosing: Bool)
        /// `</name>`.
        case end(name: String)
        /// Character data (entities decoded) or a CDATA section's content.
        case text(String)
    }

    private let bytes: [UInt8]
    /// The byte offset the scanner has read up to.
    public private(set) var position = 0
    /// Whether the document ended inside a tag, comment or CDATA section.
    public private(set) var truncated = false
    /// The first place the document was not well-formed XML but was read anyway (a stray
    /// `<`, a `<` inside an attribute value, an attribute without a quoted value), with its
    /// byte offset; nil while there was none.
    public private(set) var problem: (reason: String, offset: Int)?

    /// Scans `bytes` (UTF-8; a leading byte-order mark is skipped).
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    // MARK: Events

    /// The next event, or nil at the end of the input.
    public mutating func next() -> Event? {
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "<") else {
                let end = bytes[position...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                let text = XMLEntities.decode(bytes[position..<end])
                position = end
                if text.contains(where: { !$0.isWhitespace }) { return .text(text) }
                continue
            }
            if matches("<!--") {
                guard skip(past: Array("-->".utf8)) else { return nil }
            } else if matches("<![CDATA[") {
                let start = position + 9
                guard let end = find(Array("]]>".utf8), from: start) else {
                    truncated = true
                    position = bytes.count
                    return .text(String(decoding: bytes[min(start, bytes.count)...], as: UTF8.self))
                }
                position = end + 3
                return .text(String(decoding: bytes[start..<end], as: UTF8.self))
            } else if matches("<?") {
                guard skip(past: Array("?>".utf8)) else { return nil }
            } else if matches("<!") {
                guard skipDeclaration() else { return nil }
            } else if matches("</") {
                guard let close = find([UInt8(ascii: ">")], from: position + 2) else { return cutOff() }
                let name = String(decoding: bytes[(position + 2)..<close], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                position = close + 1
                return .end(name: name)
            } else if position + 1 < bytes.count, Self.isNameStart(bytes[position + 1]) {
                return startTag()
            } else if position + 1 >= bytes.count {
                return cutOff()
            } else {
                note("a '<' that starts no tag", at: position)
                position += 1
                return .text("<")
            }
        }
        return nil
    }

    // MARK: Tags

    private mutating func startTag() -> Event? {
        var index = position + 1
        let nameStart = index
        while index < bytes.count, !Self.isNameEnd(bytes[index]) { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        var attributes: [String: String] = [:]
        while true {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return cutOff() }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                position = index + 1
                return .start(name: name, attributes: attributes, selfClosing: false)
            case UInt8(ascii: "/"):
                guard index + 1 < bytes.count else { return cutOff() }
                if bytes[index + 1] == UInt8(ascii: ">") {
                    position = index + 2
                    return .start(name: name, attributes: attributes, selfClosing: true)
                }
                index += 1
            default:
                guard let next = attribute(from: index, into: &attributes) else { return cutOff() }
                index = next
            }
        }
    }

    /// Reads `key="value"`, `key='value'`, `key=value` or a bare `key`; nil when cut off.
    private mutating func attribute(from start: Int, into attributes: inout [String: String]) -> Int? {
        var index = start
        while index < bytes.count, !Self.isNameEnd(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
        let key = String(decoding: bytes[start..<index], as: UTF8.self)
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        guard bytes[index] == UInt8(ascii: "=") else {
            note("an attribute without a value", at: start)
            if !key.isEmpty { attributes[key] = "" }
            return index == start ? index + 1 : index
        }
        index += 1
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
            if let raw = bytes[(index + 1)..<close].firstIndex(of: UInt8(ascii: "<")) { note("a '<' inside an attribute value", at: raw) }
            attributes[key] = XMLEntities.decode(bytes[(index + 1)..<close])
            return close + 1
        }
        let valueStart = index
        note("an attribute value without quotes", at: valueStart)
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
        attributes[key] = XMLEntities.decode(bytes[valueStart..<index])
        return index
    }

    /// Keeps the first problem only: later ones may follow from it.
    private mutating func note(_ reason: String, at offset: Int) {
        if problem == nil { problem = (reason, offset) }
    }

    // MARK: Skipping

    private mutating func cutOff() -> Event? {
        truncated = true
        position = bytes.count
        return nil
    }

    private mutating func skip(past terminator: [UInt8]) -> Bool {
        guard let end = find(terminator, from: position + 2) else {
            truncated = true
            position = bytes.count
            return false
        }
        position = end + terminator.count
        return true
    }

    /// `<!DOCTYPE x [ … ]>`: skips to the `>` outside the internal subset.
    private mutating func skipDeclaration() -> Bool {
        var depth = 0, index = position + 2
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0:
                position = index + 1
                return true
            default: break
            }
            index += 1
        }
        truncated = true
        position = bytes.count
        return false
    }

    private func matches(_ literal: String) -> Bool {
        bytes[position...].starts(with: literal.utf8)
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, start < bytes.count else { return nil }
        var index = start
        while let hit = bytes[index...].firstIndex(of: first) {
            if bytes[hit...].starts(with: pattern) { return hit }
            index = hit + 1
        }
        return nil
    }

    // MARK: Characters

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isNameEnd(_ byte: UInt8) -> Bool { isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") }
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}
