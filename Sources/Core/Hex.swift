/// Lower-case hexadecimal text for bytes and random secrets.
///
/// Token checks hash and hex-encode on every request, so this avoids `String(format:)`,
/// which costs about a microsecond per byte.
public enum Hex {
    /// `[0xde, 0xad]` → `"dead"`.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        // Contiguous bytes (arrays, buffers) are written straight into the string's storage.
        if let text = bytes.withContiguousStorageIfAvailable({ encode(UnsafeRawBufferPointer($0)) }) { return text }
        return Array(bytes).withUnsafeBytes { encode($0) }
    }

    /// The bytes of `buffer` as hex: a digest's `withUnsafeBytes(Hex.encode)`. A digest's own
    /// `Sequence` conformance yields a byte at a time and knows no count; this runs several
    /// times per request (a cache entry's file name, a token's hash), so it writes the string's
    /// storage in one pass.
    public static func encode(_ buffer: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: buffer.count * 2) { text in
            var index = 0
            for byte in buffer {
                text[index] = digit(byte >> 4)
                text[index + 1] = digit(byte & 0x0f)
                index += 2
            }
            return index
        }
    }

    /// The lower-case hex digit of a nibble.
    @inline(__always)
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 48 + nibble : 87 + nibble
    }

    /// `byteCount` bytes from the system's cryptographically secure generator, as hex.
    public static func random(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return encode((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
