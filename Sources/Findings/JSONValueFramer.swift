/// Finds where one JSON value ends in bytes that arrive in pieces, without reading it: the
/// streaming readers (``SARIFStreamReader``, ``CodeClimateStreamReader``) frame each result or
/// issue this way, then hand the complete byte range to `JSONScanner`, which checks all of it.
///
/// Strings and brackets are counted, nothing else: a framed value may still be malformed, and
/// the scanner says where.
struct JSONValueFramer {
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var isScalar = false

    /// A framer for the value whose first byte is `byte`; nil when no JSON value starts so.
    init?(first byte: UInt8) {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth = 1
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            isScalar = true
        default: return nil
        }
    }

    /// Scans `bytes` from `start` (just past the first byte, or where the last scan stopped):
    /// the end of the value (exclusive) when it is in `bytes`, else nil, with the scan's state
    /// kept for the next piece. A number or literal ends at the next delimiter, which is not
    /// part of it.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        isScalar ? Self.scalarEnd(bytes, from: start) : containerEnd(bytes, from: start)
    }

    private static func scalarEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D: return index
            default: index += 1
            }
        }
        return nil
    }

    /// The end of a string, object or array, counting brackets outside strings.
    private mutating func containerEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        // Locals, not properties, in the loop: this runs over every byte of a 100 MB log.
        var depth = self.depth, inString = self.inString, escaped = self.escaped
        defer { (self.depth, self.inString, self.escaped) = (depth, inString, escaped) }
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                    if depth == 0 { return index }
                }
            } else if byte == 0x22 {
                inString = true
            } else if byte == 0x7B || byte == 0x5B {
                depth += 1
            } else if byte == 0x7D || byte == 0x5D {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}
