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
        /// The node's address when it is a plain `Node<S>` of the keyed type `S`, for
        /// the retain-free fast path; `nil` for other nodes (runtime-argument ones).
        /// Stored as an integer (`0`: none) so the table stays `Sendable`.
        @usableFromInline var plain: UInt
    }

    /// Power-of-two sized, at most half full, so probes stay short and always terminate.
    @usableFromInline let buckets: [Bucket]
    /// `buckets.count - 1`.
    @usableFromInline let mask: Int
    /// `64 - log2(buckets.count)`: keeps the hash's well-mixed high bits.
    @usableFromInline let shift: UInt

    /// One node to put in the table.
    struct Entry {
        /// The keyed type's identity.
        let id: ObjectIdentifier
        /// The node.
        let node: any ErasedNode
        /// `true` when `node` is the plain `Node<S>` of the keyed type `S` (no runtime
        /// argument), which the retain-free fast path relies on.
        let isPlain: Bool
    }

    /// Builds the table; a later entry with the same identifier replaces an earlier one.
    init(_ entries: [Entry]) {
        var capacity = 8
        while capacity < entries.count * 2 {
            capacity *= 2
        }
        var buckets = [Bucket](repeating: Bucket(key: 0, node: nil, plain: 0), count: capacity)
        let mask = capacity - 1
        let shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
        for entry in entries {
            let key = UInt(bitPattern: entry.id)
            var index = Self.home(of: key, shift: shift)
            while buckets[index].key != 0, buckets[index].key != key {
                index = (index &+ 1) & mask
            }
            let plain = entry.isPlain ? UInt(bitPattern: ObjectIdentifier(entry.node)) : 0
            buckets[index] = Bucket(key: key, node: entry.node, plain: plain)
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

    /// The address of the plain `Node<S>` registered for `id`, if any, without retaining
    /// it. The bucket's `node` keeps it alive as long as the table exists.
    @inlinable
    func plainNode(_ id: ObjectIdentifier) -> UnsafeRawPointer? {
        let key = UInt(bitPattern: id)
        var index = Self.home(of: key, shift: self.shift)
        return self.buckets.withUnsafeBufferPointer { buckets in
            while true {
                let bucketKey = buckets[index].key
                if bucketKey == key { return UnsafeRawPointer(bitPattern: buckets[index].plain) }
                if bucketKey == 0 { return nil }
                index = (index &+ 1) & self.mask
            }
        }
    }

    /// The node registered for `id`, if any.
    @inlinable
    func lookup(_ id: ObjectIdentifier) -> (any ErasedNode)? {
        let key = UInt(bitPattern: id)
        var index = Self.home(of: key, shift: self.shift)
        return self.buckets.withUnsafeBufferPointer { buckets in
            // Terminates: the table is at most half full, so an empty bucket exists.
            while true {
                let bucketKey = buckets[index].key
                if bucketKey == key { return buckets[index].node }
                if bucketKey == 0 { return nil }
                index = (index &+ 1) & self.mask
            }
        }
    }
}
