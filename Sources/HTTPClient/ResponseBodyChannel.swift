import Synchronization

// MARK: - ResponseBodyChannel

/// The hand-over between curl's write callback (on the transfer thread) and the task that
/// reads a streamed response body, with backpressure.
///
/// The transfer thread offers each piece curl received; while the reader has not taken
/// `highWaterBytes`, pieces are queued. Past that the offer answers "pause": the write callback
/// then returns `CURL_WRITEFUNC_PAUSE`, curl keeps the piece and stops reading the socket, and
/// the reader's next take (which empties the queue) asks the transfer thread to resume. So a
/// reader slower than the network holds at most about `highWaterBytes` in memory, however
/// large the body.
final class ResponseBodyChannel: Sendable {
    /// What the write callback should answer curl.
    enum Offer {
        /// Taken; tell curl every byte was consumed.
        case accepted
        /// Not taken; pause the transfer (curl delivers the same bytes again on resume).
        case pause
        /// The reader is gone; abort the transfer.
        case abort
    }

    /// What a take found.
    typealias Take = Result<[UInt8]?, HTTPClientError>

    /// Everything shared, only touched under the lock.
    private struct State {
        /// Pieces received and not yet taken, in order.
        var pieces: [[UInt8]] = []
        /// Their total size.
        var queuedBytes = 0
        /// How the transfer ended, once it has; later takes answer it after the queue.
        var end: Result<Void, HTTPClientError>?
        /// The reader parked in a take, if any.
        var waiter: CheckedContinuation<Take, Never>?
        /// Whether the transfer thread was told to pause and waits for a resume.
        var paused = false
        /// Whether the reader cancelled or dropped the body.
        var abandoned = false
    }

    /// Queued bytes past which the transfer pauses.
    static let highWaterBytes = 1 << 20

    /// The shared state; the transfer thread and the reader each hold the lock only briefly.
    private let state = Mutex(State())

    /// An empty channel.
    init() {}

    // MARK: Transfer thread

    /// Offers `bytes` from curl's write callback. The reader, if parked, gets them at once.
    func offer(_ bytes: UnsafeRawBufferPointer) -> Offer {
        let (answer, waiter): (Offer, CheckedContinuation<Take, Never>?) = self.state.withLock { state in
            if state.abandoned { return (.abort, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (.accepted, waiter)
            }
            // An empty queue always takes the piece, so one piece larger than the mark still moves.
            if state.queuedBytes > 0, state.queuedBytes + bytes.count > Self.highWaterBytes {
                state.paused = true
                return (.pause, nil)
            }
            state.pieces.append(Self.copy(bytes))
            state.queuedBytes += bytes.count
            return (.accepted, nil)
        }
        waiter?.resume(returning: .success(Self.copy(bytes)))
        return answer
    }

    /// `bytes` as an array, copied in one go (`Array(bytes)` goes byte by byte, which
    /// unoptimised builds make slow enough to throttle a transfer).
    private static func copy(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            if let base = buffer.baseAddress, let source = bytes.baseAddress {
                base.update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            }
            count = bytes.count
        }
    }

    /// Records how the transfer ended and wakes a parked reader; later calls are ignored.
    func finish(_ end: Result<Void, HTTPClientError>) {
        let (waiter, take): (CheckedContinuation<Take, Never>?, Take?) = self.state.withLock { state in
            guard state.end == nil else { return (nil, nil) }
            state.end = end
            guard let waiter = state.waiter else { return (nil, nil) }
            state.waiter = nil
            return (waiter, end.map { nil })
        }
        if let waiter, let take { waiter.resume(returning: take) }
    }

    // MARK: Reader

    /// Hands `continuation` everything queued, or the end, or parks it until one arrives.
    /// Answers whether the transfer thread must be told to resume (it paused and the queue
    /// is now empty).
    func take(_ continuation: CheckedContinuation<Take, Never>) -> Bool {
        let (answer, resume): (Take?, Bool) = self.state.withLock { state in
            if state.abandoned { return (.failure(.cancelled), false) }
            if state.waiter != nil { return (.failure(.invalidRequest("a response body has one reader at a time")), false) }
            if !state.pieces.isEmpty {
                var bytes = state.pieces[0]
                if state.pieces.count > 1 {
                    // Piece by piece: each `append` is one copy, where `joined()` goes byte by byte.
                    bytes.reserveCapacity(state.queuedBytes)
                    for piece in state.pieces.dropFirst() { bytes.append(contentsOf: piece) }
                }
                state.pieces.removeAll(keepingCapacity: true)
                state.queuedBytes = 0
                let resume = state.paused
                state.paused = false
                return (.success(bytes), resume)
            }
            if let end = state.end { return (end.map { nil }, false) }
            state.waiter = continuation
            return (nil, false)
        }
        if let answer { continuation.resume(returning: answer) }
        return resume
    }

    /// Marks the reader gone: queued bytes are dropped, a parked take answers `cancelled`,
    /// and further offers abort the transfer. Answers whether the transfer may still run.
    func abandon() -> Bool {
        let (waiter, running): (CheckedContinuation<Take, Never>?, Bool) = self.state.withLock { state in
            state.abandoned = true
            state.pieces.removeAll()
            state.queuedBytes = 0
            defer { state.waiter = nil }
            return (state.waiter, state.end == nil)
        }
        waiter?.resume(returning: .failure(.cancelled))
        return running
    }
}
