// MARK: - KeyIndex

/// A growable open-addressing hash table from a ``ServiceKey`` to a plan index.
///
/// `build()` looks keys up several times per registration; a multiplicative hash of the
/// type's metadata pointer (plus the tag's hash for the rare tagged keys) avoids
/// `Dictionary`'s SipHash of the whole key, which dominated planning.
struct KeyIndex: Sendable {
    /// One slot: `typeID == 0` marks an empty slot (no type has a null metadata pointer).
    struct Slot: Sendable {
        var typeID: UInt
        var tag: String?
        var value: Int
    }

    /// Power-of-two sized, at most half full, so probes stay short and always terminate.
    private var slots: [Slot]
    /// `slots.count - 1`.
    private var mask: Int
    /// `64 - log2(slots.count)`: keeps the hash's well-mixed high bits.
    private var shift: UInt
    /// Occupied slots.
    private(set) var count = 0

    /// An empty index with room for `capacity` keys before it grows.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 {
            size *= 2
        }
        self.slots = Array(repeating: Slot(typeID: 0, tag: nil, value: 0), count: size)
        self.mask = size - 1
        self.shift = UInt(UInt.bitWidth - size.trailingZeroBitCount)
    }

    /// The first slot to probe for a key.
    private func home(_ typeID: UInt, _ tag: String?) -> Int {
        var hash = typeID &* 0x9E37_79B9_7F4A_7C15
        if let tag {
            hash ^= UInt(bitPattern: tag.hashValue) &* 0xC2B2_AE3D_27D4_EB4F
        }
        return Int(truncatingIfNeeded: hash >> self.shift)
    }

    /// The slot holding the key, or the empty slot where it would go.
    private func position(_ typeID: UInt, _ tag: String?) -> Int {
        var index = self.home(typeID, tag)
        while true {
            let slot = self.slots[index]
            if slot.typeID == 0 || (slot.typeID == typeID && slot.tag == tag) { return index }
            index = (index &+ 1) & self.mask
        }
    }

    /// The value stored for `key`, if any.
    subscript(key: ServiceKey) -> Int? {
        let typeID = UInt(bitPattern: key.typeID)
        let index = self.position(typeID, key.tag)
        return self.slots[index].typeID == 0 ? nil : self.slots[index].value
    }

    /// The value stored for the untagged key of the type identified by `id`, if any.
    func untagged(_ id: ObjectIdentifier) -> Int? {
        let typeID = UInt(bitPattern: id)
        let index = self.position(typeID, nil)
        return self.slots[index].typeID == 0 ? nil : self.slots[index].value
    }

    /// Stores `value` for `key`, replacing any previous value.
    mutating func set(_ key: ServiceKey, _ value: Int) {
        if (self.count + 1) * 2 > self.slots.count {
            self.grow()
        }
        let typeID = UInt(bitPattern: key.typeID)
        let index = self.position(typeID, key.tag)
        if self.slots[index].typeID == 0 {
            self.count += 1
        }
        self.slots[index] = Slot(typeID: typeID, tag: key.tag, value: value)
    }

    /// Doubles the table and re-inserts every key.
    private mutating func grow() {
        let old = self.slots
        self = KeyIndex(capacity: old.count)
        for slot in old where slot.typeID != 0 {
            let index = self.position(slot.typeID, slot.tag)
            self.slots[index] = slot
            self.count += 1
        }
    }
}
