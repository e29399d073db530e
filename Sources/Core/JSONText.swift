/// Compact JSON text for the small documents written on every webhook delivery: the request
/// headers, a build's environment, a commit-status message.
///
/// `JSONEncoder` builds a container tree for each of them, which `perf` showed at 5 % of the
/// server's time under webhook load. This writes the same JSON straight into a string. The
/// text differs from `JSONEncoder`'s only in bytes a decoder ignores: keys are sorted by code
/// point rather than `.sortedKeys`' order, and `/` is not escaped.
public enum JSONText {
    /// A JSON object of string values, keys sorted.
    public static func object(_ members: [String: String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for key in members.keys.sorted() {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            appendQuoted(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendQuoted(members[key] ?? "", to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` as a JSON string literal, quotes included.
    public static func quoted(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as a JSON string literal: quotes, backslashes and control characters
    /// escaped, everything else (including non-ASCII) as it is, which JSON allows. The input
    /// is valid UTF-8 and only ASCII is added, so decoding the bytes replaces nothing.
    private static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + value.utf8.count + 2)
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                bytes.append(contentsOf: escape(byte).utf8)
            } else {
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The escape sequence for a quote, a backslash or a control character.
    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        default:
            let hex = Array("0123456789abcdef".utf8)
            return "\\u00" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]], as: UTF8.self)
        }
    }
}
