import Foundation

// MARK: - The forms a value is printed in

extension SecretMasker {
    /// The forms of `value` a job's output may hold: the value; its base64 in both alphabets,
    /// whole and as it reads in the middle of longer base64 text at each of the three byte
    /// offsets it can start at; and, for text, each of its lines when it has several (tools
    /// print a PEM key or a JSON key file line by line), its percent-encoding (upper- and
    /// lower-case hexadecimal, spaces as `%20` or as a form's `+`), its escaping in a JSON
    /// string, and in XML text (`xcodebuild` and property lists print values so).
    ///
    /// A value that is not UTF-8 (a keystore, a `.p12`) is printed as it is or in base64: the
    /// text forms of up to 1 MiB of binary would cost some 20 times its size in patterns, and
    /// its "lines" are arbitrary byte runs.
    public static func forms(of value: [UInt8]) -> [[UInt8]] {
        guard !value.isEmpty else { return [] }
        var forms: [[UInt8]] = [value]
        for encoded in base64Forms(of: value) {
            forms.append(encoded)
            forms.append(encoded.map { $0 == 0x2B ? 0x2D : $0 == 0x2F ? 0x5F : $0 })  // + → -, / → _
        }
        // Decoding repairs bytes that are not UTF-8, so only text comes back unchanged.
        guard Array(String(decoding: value, as: UTF8.self).utf8) == value else { return forms }
        let lines = value.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }).map(Array.init)
        if lines.count > 1 { forms += lines }
        forms += percentEncodings(value)
        forms += jsonEscaped(value)
        forms.append(xmlEscaped(value))
        return forms
    }

    /// The value's base64, padded, then the characters that depend on the value alone when it
    /// sits at byte offset 0, 1 or 2 of a longer encoded text: the characters that also encode
    /// bytes before or after it differ with them, so they are cut off.
    static func base64Forms(of value: [UInt8]) -> [[UInt8]] {
        var forms = [Array(Data(value).base64EncodedString().utf8)]
        for offset in 0..<3 {
            let encoded = Array(Data(Array(repeating: 0, count: offset) + value).base64EncodedString().utf8).filter { $0 != 0x3D }
            // Offset 1: the first two characters hold the byte before; offset 2: the first three.
            let leading = [0, 2, 3][offset]
            // A last group of 2 or 3 characters ends with bits the next byte would fill.
            let trailing = (offset + value.count) % 3 == 0 ? 0 : 1
            guard encoded.count > leading + trailing else { continue }
            forms.append(Array(encoded[leading..<(encoded.count - trailing)]))
        }
        return forms
    }

    /// The value percent-encoded as URLs and forms carry it: every byte outside RFC 3986's
    /// unreserved characters as `%XX`, in upper-case hexadecimal (RFC 3986's advice) and in
    /// lower-case (some encoders' choice), and, for a value with spaces, each with spaces as
    /// `+` (`application/x-www-form-urlencoded`, as `curl --data-urlencode` and HTML forms send).
    static func percentEncodings(_ value: [UInt8]) -> [[UInt8]] {
        let spaces: [Bool] = value.contains(0x20) ? [false, true] : [false]
        return ["0123456789ABCDEF", "0123456789abcdef"].flatMap { digits in
            spaces.map { plus in Self.percentEncoded(value, hex: Array(digits.utf8), spaceAsPlus: plus) }
        }
    }

    /// Every byte outside RFC 3986's unreserved characters as `%` and two of `hex`'s digits;
    /// a space as `+` when `spaceAsPlus`.
    static func percentEncoded(_ value: [UInt8], hex: [UInt8], spaceAsPlus: Bool) -> [UInt8] {
        var encoded: [UInt8] = []
        for byte in value {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: encoded.append(byte)
            case 0x20 where spaceAsPlus: encoded.append(0x2B)
            default: encoded += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return encoded
    }

    /// The value in XML text or an attribute: `&`, `<`, `>`, `"` and `'` as the five entities.
    static func xmlEscaped(_ value: [UInt8]) -> [UInt8] {
        var escaped: [UInt8] = []
        for byte in value {
            switch byte {
            case 0x26: escaped += Array("&amp;".utf8)
            case 0x3C: escaped += Array("&lt;".utf8)
            case 0x3E: escaped += Array("&gt;".utf8)
            case 0x22: escaped += Array("&quot;".utf8)
            case 0x27: escaped += Array("&apos;".utf8)
            default: escaped.append(byte)
            }
        }
        return escaped
    }

    /// The value inside a JSON string: quotes, backslashes and control characters escaped,
    /// with `/` as it is and as `\/` (Foundation's encoder writes the second).
    static func jsonEscaped(_ value: [UInt8]) -> [[UInt8]] {
        let hex = Array("0123456789abcdef".utf8)
        var escaped: [UInt8] = []
        for byte in value {
            switch byte {
            case 0x22: escaped += [0x5C, 0x22]
            case 0x5C: escaped += [0x5C, 0x5C]
            case 0x0A: escaped += [0x5C, 0x6E]
            case 0x0D: escaped += [0x5C, 0x72]
            case 0x09: escaped += [0x5C, 0x74]
            case 0x00..<0x20: escaped += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: escaped.append(byte)
            }
        }
        guard escaped.contains(0x2F) else { return [escaped] }
        var slashes: [UInt8] = []
        for byte in escaped { if byte == 0x2F { slashes += [0x5C, 0x2F] } else { slashes.append(byte) } }
        return [escaped, slashes]
    }
}
