import HTTPClient

/// Runs `body` with a client that shuts itself down afterwards, so tests cannot leak
/// transfer threads.
public func withClient<T>(
    _ configuration: HTTPClient.Configuration = .init(),
    _ body: (HTTPClient) async throws -> T
) async throws -> T {
    let client = HTTPClient(configuration: configuration)
    do {
        let result = try await body(client)
        await client.shutdown()
        return result
    } catch {
        await client.shutdown()
        throw error
    }
}
