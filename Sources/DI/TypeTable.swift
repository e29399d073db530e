// MARK: - TypeTable

/// An immutable open-addressing hash table from a type's `ObjectIdentifier` to its node.
///
/// A multiplicative (Fibonacci) hash of the metadata pointer plus linear probing costs a
/// couple of nanoseconds, where `Dictionary`'s SipHash would dominate a ~20 ns resolve.
@usableFromInline
struct TypeTable: Sendable {
    /// One bucket: `key == 0` marks an empty bucket (no type has a null metadata pointer).
    @usableFromInline
    struct Bucket: Sendable {
        @usableFromInline var key: UInt
        @usableFromInline var node: (any ErasedNode)?
    }

    /// Power-of-two sized, at most half full, so probes stay short and always terminate.
    @usableFromInline let buckets: [Bucket]
    /// `buckets.count - 1`.
    @usableFromInline let mask: Int
    /// `64 - log2(buckets.count)`: keeps the hash's well-mixed high bits.
    @usableFromInline let shift: UInt

    /// Builds the table; a later entry with the same identifier replaces an earlier one.
    init(_ entries: [(ObjectIdentifier, any ErasedNode)]) {
        var capacity = 8
        while capacity < entries.count * 2 {
            capacity *= 2
        }
        var buckets = [Bucket](repeating: Bucket(key: 0, node: nil), count: capacity)
        let mask = capacity - 1
        let shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
        for (id, node) in entries {
            let key = UInt(bitPattern: id)
            var index = Self.home(of: key, shift: shift)
            while buckets[index].key != 0, buckets[index].key != key {
                index = (index &+ 1) & mask
            }
            buckets[index] = Bucket(key: key, node: node)
        }
        self.buckets = buckets
        self.mask = mask
        self.shift = shift
    }

    /// The first bucket to probe for `key`.
    @inlinable
    static func home(of key: UInt, shift: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The node registered for `id`, if any.
    @inlinable
    func lookup(_ id: ObjectIdentifier) -> (any ErasedNode)? {
        let key = UInt(bitPattern: id)
        var index = Self.home(of: key, shift: self.shift)
        return self.buckets.withUnsafeBufferPointer { buckets in
            // Terminates: the table is at most half full, so an empty bucket exists.
            while true {
                let bucket = buckets[index]
                if bucket.key == key { return bucket.node }
                if bucket.key == 0 { return nil }
                index = (index &+ 1) & self.mask
            }
        }
    }
}
