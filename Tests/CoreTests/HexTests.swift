import Core
import Testing

/// Hex text is what names a cache entry's file and what a token's hash is stored as: a change
/// in how it is written (the bytes written straight into the string) must not change the text.
@Suite("Hex text")
struct HexTests {
    /// Every byte value, in order, as the two digits `String(format: "%02x")` writes.
    @Test("every byte is written as two lower-case digits")
    func everyByte() {
        let bytes = (0...255).map { UInt8($0) }
        let expected = bytes.map { byte -> String in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
        }.joined()
        #expect(Hex.encode(bytes) == expected)
        #expect(bytes.withUnsafeBytes { Hex.encode($0) } == expected)
    }

    /// A sequence that is not contiguous (a lazy map) takes the copying path, same text.
    @Test("a non-contiguous sequence gives the same text")
    func nonContiguous() {
        let bytes: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x00, 0x0f, 0xf0]
        #expect(Hex.encode(bytes.lazy.map { $0 }) == "deadbeef000ff0")
        #expect(Hex.encode(Set<UInt8>()) == "")
        #expect(Hex.encode([UInt8]()) == "")
    }

    /// A part of a buffer is written alone: a caller may pass a slice of a larger one.
    @Test("a part of a buffer gives the text of that part only")
    func bufferPart() {
        let bytes: [UInt8] = [0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef]
        bytes.withUnsafeBytes { buffer in
            #expect(Hex.encode(UnsafeRawBufferPointer(rebasing: buffer[2..<6])) == "456789ab")
            #expect(Hex.encode(UnsafeRawBufferPointer(rebasing: buffer[0..<0])) == "")
        }
    }

    /// Random secrets are the requested number of bytes, so twice as many digits.
    @Test("random text has two digits per byte")
    func random() {
        let text = Hex.random(byteCount: 32)
        #expect(text.utf8.count == 64)
        #expect(text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) })
    }
}
