import Foundation

/// Builds the root → owner table of ``GraphIndex``: one packed integer per root, with an
/// overflow list for the rare root owned by several modules or suites.
///
/// Packing: bit 31 set → index into ``shared``; else bit 30 set → suite id in the low bits;
/// else bit 29 set → unknown-module id; else module id.
struct OwnerTable {
    static let sharedBit: UInt32 = 1 << 31
    static let suiteBit: UInt32 = 1 << 30
    static let unknownBit: UInt32 = 1 << 29

    /// Root → packed owner.
    var packed: [String: UInt32] = [:]
    /// Owner lists of shared roots.
    var shared: [[GraphIndex.Owner]] = []

    /// Records `owner` for `root` (already normalized); a repeat of the same owner is ignored.
    mutating func add(_ owner: GraphIndex.Owner, at root: String) {
        let value = Self.pack(owner)
        // One hash for the common new root: insert first, repair in the rare repeat case.
        guard let existing = packed.updateValue(value, forKey: root) else { return }
        if existing & Self.sharedBit != 0 {
            packed[root] = existing
            let slot = Int(existing & ~Self.sharedBit)
            if !shared[slot].contains(owner) { shared[slot].append(owner) }
        } else if existing != value {
            shared.append([Self.unpack(existing), owner])
            packed[root] = UInt32(shared.count - 1) | Self.sharedBit
        }
    }

    static func pack(_ owner: GraphIndex.Owner) -> UInt32 {
        switch owner {
        case let .module(id): UInt32(id)
        case let .suite(id): UInt32(id) | suiteBit
        case let .unknown(id): UInt32(id) | unknownBit
        }
    }

    static func unpack(_ value: UInt32) -> GraphIndex.Owner {
        if value & suiteBit != 0 { return .suite(Int32(value & ~suiteBit)) }
        if value & unknownBit != 0 { return .unknown(Int32(value & ~unknownBit)) }
        return .module(Int32(value))
    }
}
