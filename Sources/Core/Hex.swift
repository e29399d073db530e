/// Lower-case hexadecimal text for bytes and random secrets.
///
/// Token checks hash and hex-encode on every request, so this avoids `String(format:)`,
/// which costs about a microsecond per byte.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `[0xde, 0xad]` → `"dead"`.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `byteCount` bytes from the system's cryptographically secure generator, as hex.
    public static func random(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return encode((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
