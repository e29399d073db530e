// MARK: - HTTPExecuting

/// Anything that can perform an ``HTTPRequest``: ``HTTPClient`` in production, a fake in tests.
///
/// Code that talks to GitHub, Slack or the stores should depend on this protocol rather than
/// on ``HTTPClient`` directly, so its tests can answer requests without a network.
public protocol HTTPExecuting: Sendable {
    /// Performs `request` and returns the final response, whatever its status.
    func execute(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
}

extension HTTPClient: HTTPExecuting {}

// MARK: - Conveniences

extension HTTPExecuting {
    /// Sends a `GET` to `url`.
    public func get(
        _ url: String,
        headers: HTTPHeaders = [],
        timeout: Duration = .seconds(30)
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await self.execute(HTTPRequest(method: .get, url: url, headers: headers, timeout: timeout))
    }

    /// Sends a `POST` with `body` to `url`.
    public func post(
        _ url: String,
        headers: HTTPHeaders = [],
        body: [UInt8],
        timeout: Duration = .seconds(30)
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await self.execute(HTTPRequest(method: .post, url: url, headers: headers, body: body, timeout: timeout))
    }

    /// Sends a `PUT` with `body` to `url`.
    public func put(
        _ url: String,
        headers: HTTPHeaders = [],
        body: [UInt8],
        timeout: Duration = .seconds(30)
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await self.execute(HTTPRequest(method: .put, url: url, headers: headers, body: body, timeout: timeout))
    }

    /// Sends a `PATCH` with `body` to `url`.
    public func patch(
        _ url: String,
        headers: HTTPHeaders = [],
        body: [UInt8],
        timeout: Duration = .seconds(30)
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await self.execute(HTTPRequest(method: .patch, url: url, headers: headers, body: body, timeout: timeout))
    }

    /// Sends a `DELETE` to `url`.
    public func delete(
        _ url: String,
        headers: HTTPHeaders = [],
        timeout: Duration = .seconds(30)
    ) async throws(HTTPClientError) -> HTTPResponse {
        try await self.execute(HTTPRequest(method: .delete, url: url, headers: headers, timeout: timeout))
    }
}
