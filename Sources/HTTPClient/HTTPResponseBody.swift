import MemberwiseInit

// MARK: - HTTPResponseBody

/// The body of a streamed response (``HTTPClient/stream(_:)``), read piece by piece while it
/// arrives instead of held whole.
///
/// One task reads it, either with `for try await piece in body` or ``next()``. The transfer
/// pauses while the reader is behind by about a megabyte, so memory stays bounded whatever
/// the body's size. Dropping the body (or cancelling the reading task) before the end
/// aborts the transfer; the connection is not reused.
@MemberwiseInit
public final class HTTPResponseBody: AsyncSequence, Sendable {
    /// A piece of the body: whatever arrived since the last read, never empty.
    public typealias Element = [UInt8]
    /// Why reading stopped early.
    public typealias Failure = HTTPClientError

    /// The queue filled by the transfer thread.
    private let channel: ResponseBodyChannel
    /// Names the transfer in commands to the transfer thread; held so the id stays unique.
    private let completion: TransferCompletion
    /// Kept alive while the body is read: releasing the client would stop its transfer thread.
    private let client: HTTPClient

    deinit {
        self.cancel()
    }

    // MARK: Reading

    /// The next piece, or `nil` at the end of the body.
    ///
    /// Throws the transfer's error if it failed midway (for example `timedOut` or
    /// `transferFailed`), and ``HTTPClientError/cancelled`` if the reading task is cancelled.
    public func next() async throws(HTTPClientError) -> [UInt8]? {
        let take = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ResponseBodyChannel.Take, Never>) in
                if self.channel.take(continuation) {
                    self.client.loop.resume(self.completion.id)
                }
            }
        } onCancel: {
            self.cancel()
        }
        return try take.get()
    }

    /// Reads the rest of the body into memory, failing with
    /// ``HTTPClientError/responseTooLarge(limit:)`` past `limit` bytes (for error bodies and
    /// other small answers).
    public func collect(upTo limit: Int) async throws(HTTPClientError) -> [UInt8] {
        var bytes: [UInt8] = []
        while let piece = try await self.next() {
            guard piece.count <= limit - bytes.count else {
                self.cancel()
                throw .responseTooLarge(limit: limit)
            }
            bytes.append(contentsOf: piece)
        }
        return bytes
    }

    /// Stops reading: aborts the transfer if it is still running and drops what is queued.
    /// Harmless after the end or a second time.
    public func cancel() {
        if self.channel.abandon() {
            self.client.loop.cancel(self.completion.id)
        }
    }

    // MARK: AsyncSequence

    /// Iterates over the pieces; every iterator reads the same body, so use one.
    public func makeAsyncIterator() -> Iterator {
        Iterator(body: self)
    }

    /// Reads pieces through ``HTTPResponseBody/next()``.
    public struct Iterator: AsyncIteratorProtocol {
        /// The body read.
        let body: HTTPResponseBody

        /// The next piece, or `nil` at the end.
        public mutating func next() async throws(HTTPClientError) -> [UInt8]? {
            try await self.body.next()
        }
    }
}
