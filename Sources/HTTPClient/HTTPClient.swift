// MARK: - HTTPClient

/// An async HTTP client over libcurl: the one way MobileOps talks HTTP outward.
///
/// Each client owns one dedicated thread that drives curl's multi interface, so awaiting a
/// response suspends the calling task instead of blocking a thread of Swift's cooperative
/// pool. All transfers of a client share curl's connection and DNS caches, so create one
/// client per process (or per distinct configuration) and share it.
///
/// ```swift
/// let client = HTTPClient()
/// let response = try await client.get("https://api.github.com/zen")
/// print(response.status, response.bodyText)
/// await client.shutdown()
/// ```
///
/// Call ``shutdown()`` when done; if the client is released without it, its thread still
/// stops, just without anyone waiting for it.
public final class HTTPClient: Sendable {
    /// The settings the client was created with.
    public let configuration: Configuration

    /// The transfer thread and its inbox; shared with that thread (and with streamed bodies,
    /// which ask it to resume or abort their transfers).
    let loop: CurlTransferLoop

    /// Creates a client and starts its transfer thread.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        self.loop = CurlTransferLoop(configuration: configuration)
    }

    deinit {
        // Nothing can be in flight here (each `execute` call keeps `self` alive), so
        // asking the thread to stop without waiting cannot strand a request.
        self.loop.requestShutdown()
    }

    // MARK: Executing requests

    /// Performs `request` and returns the final response, whatever its status.
    ///
    /// Throws ``HTTPClientError/cancelled`` promptly if the calling task is cancelled,
    /// and ``HTTPClientError/shutDown`` after ``shutdown()``.
    public func execute(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await self.perform(request, completion: TransferCompletion(), sink: nil)
    }

    /// Performs `request` and returns as soon as the final response's head has arrived; its
    /// body is then read from ``HTTPStreamedResponse/body`` as it arrives, never held whole.
    ///
    /// ``Configuration/maxResponseBodySize`` does not apply (nothing accumulates), but the
    /// request's `timeout` still bounds the whole exchange, reading included: give a large
    /// download a timeout to match. Throws like ``execute(_:)`` until the head has arrived.
    public func stream(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPStreamedResponse {
        let channel = ResponseBodyChannel()
        let completion = TransferCompletion()
        let head = try await self.perform(request, completion: completion, sink: channel)
        return HTTPStreamedResponse(head: head, body: HTTPResponseBody(channel: channel, completion: completion, client: self))
    }

    /// Submits `request` to the transfer thread and waits for its answer: the whole response,
    /// or with a `sink` the head alone (the body then flows into the sink).
    private func perform(
        _ request: HTTPRequest,
        completion: TransferCompletion,
        sink: ResponseBodyChannel?
    ) async throws(HTTPClientError) -> HTTPResponse {
        try request.validate()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>) in
                completion.start(continuation) {
                    self.loop.submit(request, completion: completion, sink: sink)
                }
            }
        } onCancel: {
            // Answer the caller at once, then let the thread drop the easy handle.
            if completion.finish(.failure(.cancelled)) {
                self.loop.cancel(completion.id)
            }
        }
        return try result.get()
    }

    // MARK: Names

    /// ``HTTPRequest`` by a name that cannot clash: Hummingbird also exports an `HTTPRequest`,
    /// and the module name `HTTPClient` cannot disambiguate because this class shadows it.
    public typealias Request = HTTPRequest
    /// ``HTTPResponse`` by a name that cannot clash with Hummingbird's `HTTPResponse`.
    public typealias Response = HTTPResponse

    // MARK: Lifecycle

    /// Stops the transfer thread and waits for it to finish.
    ///
    /// Requests still in flight, and any made afterwards, fail with
    /// ``HTTPClientError/shutDown``. Calling it again is harmless.
    public func shutdown() async {
        await self.loop.shutdown()
    }
}
