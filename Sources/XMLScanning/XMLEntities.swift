import Foundation

/// Decodes the five predefined XML entities and numeric character references. An unknown or
/// malformed reference is kept as written, so nothing in a failure message is lost.
public enum XMLEntities {
    /// The text of `bytes` with references decoded.
    public static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"),
                  let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
                  let decoded = reference(bytes[(index + 1)..<semicolon]) else {
                output.append(byte)
                index += 1
                continue
            }
            output.append(contentsOf: decoded)
            index = semicolon + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The UTF-8 of one reference's name (`amp`, `#38`, `#x26`), or nil when unknown.
    private static func reference(_ name: ArraySlice<UInt8>) -> [UInt8]? {
        switch String(decoding: name, as: UTF8.self) {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        case let text where text.hasPrefix("#x") || text.hasPrefix("#X"):
            return scalar(UInt32(text.dropFirst(2), radix: 16))
        case let text where text.hasPrefix("#"):
            return scalar(UInt32(text.dropFirst(), radix: 10))
        default:
            return nil
        }
    }

    private static func scalar(_ value: UInt32?) -> [UInt8]? {
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return Array(String(Character(scalar)).utf8)
    }
}
