import Foundation

/// Strings stored back to back as UTF-8 in one array, so that text assembled from many of
/// them (a suite's chain of module names) is a run of byte copies into one buffer rather than
/// a String append per name.
struct PackedUTF8: Sendable {
    /// Every string's bytes, in order.
    private let bytes: [UInt8]
    /// String `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    private let offsets: [Int]

    /// Packs `strings`; string `i` keeps position `i`.
    init(_ strings: [String]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(strings.reduce(0) { $0 + $1.utf8.count })
        var offsets: [Int] = [0]
        offsets.reserveCapacity(strings.count + 1)
        for string in strings {
            bytes += string.utf8
            offsets.append(bytes.count)
        }
        self.bytes = bytes
        self.offsets = offsets
    }

    /// The UTF-8 length of string `index`.
    func count(_ index: Int) -> Int {
        offsets[index + 1] - offsets[index]
    }

    /// Copies string `index` into `buffer` at `position`; returns the position after it.
    func copy(_ index: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        let range = offsets[index]..<offsets[index + 1]
        return bytes.withUnsafeBufferPointer { source in
            Self.copy(UnsafeBufferPointer(rebasing: source[range]), into: buffer, at: position)
        }
    }

    /// Copies `source` into `buffer` at `position` (a bounds-checked slice, then one memcpy);
    /// returns the position after it.
    static func copy(_ source: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        let end = position + source.count
        guard let from = source.baseAddress, let to = UnsafeMutableBufferPointer(rebasing: buffer[position..<end]).baseAddress else {
            return end
        }
        to.update(from: from, count: source.count)
        return end
    }
}
