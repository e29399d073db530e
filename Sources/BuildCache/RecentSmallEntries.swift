import Core
import Foundation
import NIOCore
import Synchronization

/// The bytes of small entries read lately, so that the next hit on one needs no file or object
/// read: the server answers it on its event loop (`CacheShortcut`), without a task or a trip
/// to the thread pool, which is most of what a 4 KiB hit costs.
///
/// Kept only while they surely match the storage: ``RememberingCacheStorage`` forgets an entry
/// when this server stores, deletes or evicts it, and a read that began before such a change
/// remembers nothing (``ticket()``). Another server sharing the folder or bucket changes an
/// entry without telling this one, so a copy is used for ``freshness`` after it was read and
/// then read again. Bounded by ``budget`` bytes: past it, the copies are dropped wholesale,
/// and the next reads fill it again with what is hot.
public final class RecentSmallEntries: Sendable {
    /// The largest entry kept in memory.
    public static let maxEntrySize = 64 * 1024
    /// The bytes kept at most.
    public static let budget = 16 * 1024 * 1024
    /// How long a copy is used after it was read: how long another server's change to an
    /// entry may go unseen here.
    public static let freshness: TimeInterval = 2

    private struct Copy {
        let bytes: ByteBuffer
        let readAt: Date
    }

    private struct State {
        var copies: [CacheEntryID: Copy] = [:]
        var bytes = 0
        /// Bumped by every change, so a read that overlapped one does not keep what it read.
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    private let clock: any TimeSource

    /// Copies stamped and aged with `clock`.
    public init(clock: any TimeSource) {
        self.clock = clock
    }

    /// The entry's bytes, when a copy read less than ``freshness`` ago is kept.
    public func bytes(of id: CacheEntryID) -> ByteBuffer? {
        let now = clock.now
        return state.withLock { state in
            guard let copy = state.copies[id] else { return nil }
            guard now.timeIntervalSince(copy.readAt) < Self.freshness else {
                state.copies[id] = nil
                state.bytes -= copy.bytes.readableBytes
                return nil
            }
            return copy.bytes
        }
    }

    /// What a read takes before it opens an entry, and hands back to ``remember(_:bytes:ticket:)``.
    public func ticket() -> UInt64 {
        state.withLock { $0.generation }
    }

    /// Keeps `bytes` as `id`'s entry, read after `ticket` was taken; nothing is kept when the
    /// entry is too large or anything changed since the ticket.
    public func remember(_ id: CacheEntryID, bytes: ByteBuffer, ticket: UInt64) {
        guard bytes.readableBytes <= Self.maxEntrySize else { return }
        let now = clock.now
        state.withLock { state in
            guard state.generation == ticket else { return }
            if state.bytes + bytes.readableBytes > Self.budget {
                state.copies.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            state.bytes += bytes.readableBytes - (state.copies[id]?.bytes.readableBytes ?? 0)
            state.copies[id] = Copy(bytes: bytes, readAt: now)
        }
    }

    /// Drops `id`'s copy (its entry is being replaced or deleted), and keeps reads under way
    /// from keeping what they read.
    public func forget(_ id: CacheEntryID) {
        state.withLock { state in
            state.generation &+= 1
            if let copy = state.copies.removeValue(forKey: id) { state.bytes -= copy.bytes.readableBytes }
        }
    }

    /// Drops every copy.
    public func forgetAll() {
        state.withLock { state in
            state.generation &+= 1
            state.copies.removeAll()
            state.bytes = 0
        }
    }
}
