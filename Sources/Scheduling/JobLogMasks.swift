import Foundation
import Secrets
import Synchronization

/// The server's second pass over a job's log: the values of the secrets given to the job,
/// masked again in each chunk before it is stored, a value split between two chunks included.
///
/// One masking stream per running job, kept in memory. A chunk is masked on a copy of its
/// job's stream, and the copy replaces it only once the chunk is stored: a chunk the store
/// refused (one from an agent that does not hold the job, or one the store could not write)
/// leaves the job's stream as it was, and one the agent sends again is masked from the same
/// place again. A chunk sent again after it was stored (the store ignores it) is masked on its
/// own.
///
/// A job's stream goes when its log ends (``finish(jobID:)``), when its lease runs out or its
/// agent stops (``forget(jobIDs:)``), and otherwise once no chunk came for ``idleLimit`` (a job
/// another server saw end): memory holds the running jobs and the last hour's lost ones.
public final class JobLogMasks: Sendable {
    /// How long a job's stream stays without a chunk before it is dropped.
    public static let idleLimit: TimeInterval = 3600

    /// One job's stream, the next sequence number it expects, and when it was last used.
    struct Entry: Sendable {
        var stream: SecretMaskingStream
        var next: Int
        var lastUsed: Date
    }

    /// The streams, and when idle ones were last looked for.
    struct Streams: Sendable {
        var entries: [Int64: Entry] = [:]
        var sweptAt: Date?
    }

    /// A chunk as it is to be stored, with the stream's state once it is.
    public struct Chunk: Sendable {
        /// What to store.
        public let content: [UInt8]
        /// The job's stream after this chunk; nil for a chunk sent again.
        let after: Entry?
    }

    private let streams = Mutex(Streams())

    /// Creates an empty registry.
    public init() {}

    /// Masks `jobID`'s chunks with `masker` from now on, keeping the sequence it has reached and
    /// the bytes its stream holds back (the start of a value the next chunk may complete).
    public func install(jobID: Int64, masker: SecretMasker, now: Date) {
        streams.withLock { streams in
            Self.sweep(&streams, now: now)
            let old = streams.entries[jobID]
            let stream = old.map { $0.stream.continued(with: masker) } ?? masker.stream()
            streams.entries[jobID] = Entry(stream: stream, next: old?.next ?? 0, lastUsed: now)
        }
    }

    /// The chunk masked, or nil when the job has no stream here yet.
    public func prepare(jobID: Int64, sequence: Int, content: [UInt8], now: Date) -> Chunk? {
        let found = streams.withLock { (streams: inout Streams) -> Entry? in
            Self.sweep(&streams, now: now)
            streams.entries[jobID]?.lastUsed = now
            return streams.entries[jobID]
        }
        guard let entry = found else { return nil }
        guard sequence >= entry.next else {
            return Chunk(content: entry.stream.masker.mask(content), after: nil)
        }
        var after = entry
        // Chunks skipped here went to another server: what this stream holds back came before
        // them, so it does not belong in front of this chunk.
        if sequence > entry.next { after.stream = entry.stream.masker.stream() }
        let output = after.stream.feed(content)
        after.next = sequence + 1
        return Chunk(content: output, after: after)
    }

    /// The chunk was stored: its stream state becomes the job's.
    public func stored(jobID: Int64, _ chunk: Chunk) {
        guard let after = chunk.after else { return }
        streams.withLock { streams in
            if let current = streams.entries[jobID], current.next < after.next { streams.entries[jobID] = after }
        }
    }

    /// The job's log ended: what its stream still holds (masked) with the sequence to store it
    /// under, or nil when it holds nothing; the job is forgotten.
    public func finish(jobID: Int64) -> (sequence: Int, content: [UInt8])? {
        guard var entry = streams.withLock({ $0.entries.removeValue(forKey: jobID) }), entry.stream.isHolding else { return nil }
        return (entry.next, entry.stream.finish())
    }

    /// Forgets the jobs: their lease ran out or their agent stopped, so no more of their log comes.
    public func forget(jobIDs: [Int64]) {
        guard !jobIDs.isEmpty else { return }
        streams.withLock { streams in
            for jobID in jobIDs { streams.entries.removeValue(forKey: jobID) }
        }
    }

    /// Whether the job has a stream here.
    public func tracks(jobID: Int64) -> Bool {
        streams.withLock { $0.entries[jobID] != nil }
    }

    /// The jobs with a stream here.
    var jobIDs: Set<Int64> {
        streams.withLock { Set($0.entries.keys) }
    }

    /// Drops the streams no chunk used for ``idleLimit``; looks at most once a minute.
    private static func sweep(_ streams: inout Streams, now: Date) {
        if let sweptAt = streams.sweptAt, now.timeIntervalSince(sweptAt) < 60, now >= sweptAt { return }
        streams.sweptAt = now
        streams.entries = streams.entries.filter { now.timeIntervalSince($0.value.lastUsed) < Self.idleLimit }
    }
}
