import Secrets
import Synchronization

/// The server's second pass over a job's log: the values of the secrets given to the job,
/// masked again in each chunk before it is stored, a value split between two chunks included.
///
/// One masking stream per running job, kept in memory. A chunk is masked on a copy of its
/// job's stream, and the copy replaces it only once the chunk is stored: a chunk the store
/// refused and the agent sends again is masked from the same place again. A chunk sent again
/// after it was stored (the store ignores it) is masked on its own.
public final class JobLogMasks: Sendable {
    /// One job's stream and the next sequence number it expects.
    struct Entry: Sendable {
        var stream: SecretMaskingStream
        var next: Int
    }

    /// A chunk as it is to be stored, with the stream's state once it is.
    public struct Chunk: Sendable {
        /// What to store.
        public let content: [UInt8]
        /// The job's stream after this chunk; nil for a chunk sent again.
        let after: Entry?
    }

    private let entries = Mutex<[Int64: Entry]>([:])

    /// Creates an empty registry.
    public init() {}

    /// Masks `jobID`'s chunks with `masker` from now on, keeping the sequence it has reached.
    public func install(jobID: Int64, masker: SecretMasker) {
        entries.withLock { entries in
            entries[jobID] = Entry(stream: masker.stream(), next: entries[jobID]?.next ?? 0)
        }
    }

    /// The chunk masked, or nil when the job has no stream here yet.
    public func prepare(jobID: Int64, sequence: Int, content: [UInt8]) -> Chunk? {
        guard let entry = entries.withLock({ $0[jobID] }) else { return nil }
        guard sequence >= entry.next else {
            return Chunk(content: entry.stream.masker.mask(content), after: nil)
        }
        var after = entry
        let output = after.stream.feed(content)
        after.next = sequence + 1
        return Chunk(content: output, after: after)
    }

    /// The chunk was stored: its stream state becomes the job's.
    public func stored(jobID: Int64, _ chunk: Chunk) {
        guard let after = chunk.after else { return }
        entries.withLock { entries in
            if let current = entries[jobID], current.next < after.next { entries[jobID] = after }
        }
    }

    /// The job's log ended: what its stream still holds (masked) with the sequence to store it
    /// under, or nil when it holds nothing; the job is forgotten.
    public func finish(jobID: Int64) -> (sequence: Int, content: [UInt8])? {
        guard var entry = entries.withLock({ $0.removeValue(forKey: jobID) }), entry.stream.isHolding else { return nil }
        return (entry.next, entry.stream.finish())
    }

    /// Forgets the job (it is no longer held).
    public func forget(jobID: Int64) {
        _ = entries.withLock { $0.removeValue(forKey: jobID) }
    }
}
