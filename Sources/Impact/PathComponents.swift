import Foundation

/// A changed path split at `/` once, as byte ranges over its UTF-8, so that every run-all
/// trigger pattern matches against the same split instead of splitting the path anew per
/// pattern (23 default patterns × 100 paths was most of an analysis's time).
struct PathComponents {
    /// The path's UTF-8 bytes.
    let bytes: [UInt8]
    /// Each non-empty component's byte range in ``bytes``, in order.
    let ranges: [Range<Int>]
    /// Whether every byte is ASCII; then byte and character comparisons agree, which lets
    /// lookups skip work that only Unicode equivalence could make necessary.
    let isASCII: Bool

    /// Splits `path` exactly as `path.split(separator: "/")` does.
    init(_ path: String) {
        let bytes = Array(path.utf8)
        let slash = UInt8(ascii: "/")
        var isASCII = true
        var ranges: [Range<Int>] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() {
            if byte >= 0x80 { isASCII = false; break }
            if byte == slash {
                if offset > start { ranges.append(start..<offset) }
                start = offset + 1
            }
        }
        if isASCII {
            if bytes.count > start { ranges.append(start..<bytes.count) }
        } else {
            // Outside ASCII a "/" followed by a combining mark is part of one character and
            // not a separator for `split`; keep that split rather than a byte split.
            let utf8 = path.utf8
            ranges = path.split(separator: "/", omittingEmptySubsequences: true).map { part in
                let lower = utf8.distance(from: utf8.startIndex, to: part.startIndex)
                return lower..<(lower + part.utf8.count)
            }
        }
        self.bytes = bytes
        self.ranges = ranges
        self.isASCII = isASCII
    }
}
