import Core
import Foundation
import MemberwiseInit
import NIOCore
import Synchronization

/// The bytes of small entries read lately, so that the next hit on one needs no file or object
/// read: the server answers it on its event loop (`CacheShortcut`), without a task or a trip
/// to the thread pool, which is most of what a 4 KiB hit costs.
///
/// Kept only while they surely match the storage: ``RememberingCacheStorage`` forgets an entry
/// when this server stores, deletes or evicts it, and a read that began before such a change
/// remembers nothing (``ticket()``). Another server sharing the folder changes an entry without
/// telling this one, so a copy is used for ``freshness`` from when its read began, and then read
/// again. (Only entries a storage reads whole are kept: a folder's, not a bucket's, which are
/// streamed.) Bounded by ``budget`` bytes: past it, the copies are dropped wholesale,
/// and the next reads fill it again with what is hot.
@MemberwiseInit(.public)
public final class RecentSmallEntries: Sendable {
    /// The largest entry kept in memory.
    public static let maxEntrySize = 64 * 1024
    /// The bytes kept at most.
    public static let budget = 16 * 1024 * 1024
    /// How long a copy is used after it was read: how long another server's change to an
    /// entry may go unseen here.
    public static let freshness: TimeInterval = 2

    /// What a read takes before it opens an entry: the changes so far, and when it began.
    public struct Ticket: Sendable {
        fileprivate let generation: UInt64
        fileprivate let takenAt: Date
    }

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

    /// The entry's bytes, when a copy read less than ``freshness`` ago is kept.
    public func bytes(of id: CacheEntryID) -> ByteBuffer? {
        let now = clock.now
        return state.withLock { state in
            guard let copy = state.copies[id] else { return nil }
            // A clock set back makes an age negative: such a copy is not trusted either.
            let age = now.timeIntervalSince(copy.readAt)
            guard age >= 0, age < Self.freshness else {
                state.copies[id] = nil
                state.bytes -= copy.bytes.readableBytes
                return nil
            }
            return copy.bytes
        }
    }

    /// What a read takes before it opens an entry, and hands back to ``remember(_:bytes:ticket:)``.
    public func ticket() -> Ticket {
        let now = clock.now
        return state.withLock { Ticket(generation: $0.generation, takenAt: now) }
    }

    /// Keeps `bytes` as `id`'s entry, read after `ticket` was taken, and ages it from then (a
    /// read queued behind others on the thread pool is as old as its start); nothing is kept
    /// when the entry is too large or anything changed since the ticket.
    public func remember(_ id: CacheEntryID, bytes: ByteBuffer, ticket: Ticket) {
        guard bytes.readableBytes <= Self.maxEntrySize else { return }
        state.withLock { state in
            guard state.generation == ticket.generation else { return }
            if state.bytes + bytes.readableBytes > Self.budget {
                state.copies.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            state.bytes += bytes.readableBytes - (state.copies[id]?.bytes.readableBytes ?? 0)
            state.copies[id] = Copy(bytes: bytes, readAt: ticket.takenAt)
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
