import Core
import Secrets
import Synchronization

// MARK: - LogStreamer

/// Buffers a job's output and sends it in numbered chunks: when ``chunkBytes`` are waiting
/// or ``flushInterval`` has passed, never one request per line.
///
/// Each chunk gets its sequence number when it is cut and keeps it until the server
/// acknowledges it, so a failed send is retried with the same number: nothing is lost,
/// and a chunk the server did get is ignored there as a duplicate. Chunks go strictly in
/// order because one task (``run()``, then ``close(attempts:)``) sends them.
///
/// Once a job's secrets are known (``mask(with:)``), every byte appended passes their masker
/// before it is buffered, so no chunk that leaves the machine holds a value, whole or split
/// between two writes.
public final class LogStreamer: Sendable {
    /// Sends one chunk; answers the server's directive.
    public typealias Send = @Sendable (_ sequence: Int, _ bytes: [UInt8]) async throws(AgentAPIError) -> AgentDirective

    /// The most bytes in one request.
    public let chunkBytes: Int
    /// The longest output waits before it is sent.
    public let flushInterval: Duration
    /// Output beyond this many unsent bytes is dropped (with a note) rather than exhausting memory.
    public let maxBufferedBytes: Int

    private let send: Send
    private let onStop: @Sendable (JobStopReason) -> Void
    private let state: Mutex<State>

    private struct State {
        var pending: [UInt8] = []
        var outbox: [(sequence: Int, bytes: [UInt8])] = []
        var outboxBytes = 0
        var nextSequence = 0
        var droppedBytes = 0
        var lastFlush: ContinuousClock.Instant
        var retryAt: ContinuousClock.Instant?
        var backoff: Backoff
        /// The job's secrets' masker, holding back what may be the start of a value.
        var masking: SecretMaskingStream?
    }

    /// Creates a streamer; `onStop` hears a cancel directive or a `job_not_held` answer.
    public init(
        chunkBytes: Int = 64 * 1024,
        flushInterval: Duration = .seconds(1),
        maxBufferedBytes: Int = 32 * 1024 * 1024,
        retryBackoff: Backoff = Backoff(initial: .milliseconds(250), maximum: .seconds(5)),
        send: @escaping Send,
        onStop: @escaping @Sendable (JobStopReason) -> Void
    ) {
        self.chunkBytes = max(1, chunkBytes)
        self.flushInterval = flushInterval
        self.maxBufferedBytes = maxBufferedBytes
        self.send = send
        self.onStop = onStop
        self.state = Mutex(State(lastFlush: .now, backoff: retryBackoff))
    }

    // MARK: Writing

    /// Adds output; safe from any thread. Masked first when ``mask(with:)`` was called.
    public func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        self.state.withLock { state in
            guard var masking = state.masking else { return self.buffer(bytes, in: &state) }
            let masked = masking.feed(bytes)
            state.masking = masking
            self.buffer(masked, in: &state)
        }
    }

    /// Adds `bytes` to what waits to be sent, dropping what does not fit.
    private func buffer(_ bytes: [UInt8], in state: inout State) {
        guard !bytes.isEmpty else { return }
        let room = self.maxBufferedBytes - state.pending.count - state.outboxBytes
        if state.droppedBytes > 0, room > 256 {
            let note = "\n[mobile-ops-agent: \(state.droppedBytes) bytes of output dropped: the server was unreachable]\n"
            state.pending.append(contentsOf: note.utf8)
            state.droppedBytes = 0
        }
        let kept = max(0, min(bytes.count, room))
        state.pending.append(contentsOf: bytes.prefix(kept))
        state.droppedBytes += bytes.count - kept
    }

    // MARK: Masking

    /// From now on, every form of the values `masker` knows is replaced with `***` in what is
    /// appended, before it is buffered; a value split between two appends is caught too, and
    /// the bytes held back meanwhile go out at the latest with ``close(attempts:)``.
    public func mask(with masker: SecretMasker) {
        guard !masker.isEmpty else { return }
        self.state.withLock { $0.masking = masker.stream() }
    }

    /// The masker given to ``mask(with:)``, for other text the agent sends about the job.
    public var masker: SecretMasker? { self.state.withLock { $0.masking?.masker } }

    /// Buffers what the masker held back: the output has ended.
    private func releaseHeldOutput() {
        self.state.withLock { state in
            guard var masking = state.masking, masking.isHolding else { return }
            let tail = masking.finish()
            state.masking = masking
            self.buffer(tail, in: &state)
        }
    }

    /// Adds a line of the agent's own (a newline is appended).
    public func append(line: String) {
        self.append(Array((line + "\n").utf8))
    }

    // MARK: Sending

    /// Sends output as it accumulates until the task is cancelled; then call ``close(attempts:)``.
    public func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(50))
            let due = self.state.withLock { state -> Bool in
                if let retryAt = state.retryAt, ContinuousClock.now < retryAt { return false }
                let hasWork = !state.pending.isEmpty || !state.outbox.isEmpty
                return hasWork && (state.pending.count >= self.chunkBytes || state.outboxBytes > 0
                    || ContinuousClock.now - state.lastFlush >= self.flushInterval)
            }
            if due, !Task.isCancelled { _ = await self.flush() }
        }
    }

    /// Sends everything buffered (what the masker held back too), retrying failures up to
    /// `attempts` times in all. Returns whether every chunk was acknowledged.
    @discardableResult
    public func close(attempts: Int = 5) async -> Bool {
        self.releaseHeldOutput()
        for attempt in 1...max(1, attempts) {
            if await self.flush() { return true }
            if attempt < attempts { await self.waitForRetry() }
        }
        return false
    }

    /// Cuts waiting output into chunks and sends them in order; true if nothing is left.
    private func flush() async -> Bool {
        self.state.withLock { state in
            state.lastFlush = .now
            while !state.pending.isEmpty {
                let chunk = Array(state.pending.prefix(self.chunkBytes))
                state.pending.removeFirst(chunk.count)
                state.outbox.append((state.nextSequence, chunk))
                state.outboxBytes += chunk.count
                state.nextSequence += 1
            }
        }
        while let chunk = self.state.withLock({ $0.outbox.first }) {
            do throws(AgentAPIError) {
                let directive = try await self.send(chunk.sequence, chunk.bytes)
                self.state.withLock { state in
                    state.outbox.removeFirst()
                    state.outboxBytes -= chunk.bytes.count
                    state.retryAt = nil
                    state.backoff.reset()
                }
                if directive.cancel { self.onStop(.canceled) }
            } catch {
                if error == .jobNotHeld { self.onStop(.notHeld) }
                if case .unexpectedStatus(let status, _) = error, (400..<500).contains(status), !error.isRetryable {
                    // The server refuses this chunk for good (too large, say): skip it rather
                    // than hold back everything after it.
                    self.state.withLock { state in
                        state.outbox.removeFirst()
                        state.outboxBytes -= chunk.bytes.count
                    }
                    continue
                }
                self.state.withLock { state in state.retryAt = .now + state.backoff.nextDelay() }
                return false
            }
        }
        return true
    }

    private func waitForRetry() async {
        let retryAt = self.state.withLock { $0.retryAt } ?? .now
        // Not cancellable on purpose: the final flush runs while the job is shutting down.
        let delay = retryAt - .now
        if delay > .zero { await ContinuousClock().sleepIgnoringCancellation(for: delay) }
    }

    /// The sequence number the next chunk will get (how many chunks were cut so far).
    public var chunksCut: Int { self.state.withLock { $0.nextSequence } }
}

// MARK: - Sleeping through cancellation

extension ContinuousClock {
    /// Sleeps for `duration` even if the current task is cancelled (in a child task that
    /// does not inherit the cancellation).
    func sleepIgnoringCancellation(for duration: Duration) async {
        await Task { try? await Task.sleep(for: duration) }.value
    }
}
