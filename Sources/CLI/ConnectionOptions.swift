import ArgumentParser
import Foundation

/// Flags every command shares: where the server is, how to authenticate, how to print.
public struct ConnectionOptions: ParsableArguments {
    /// `--server`; falls back to `MOBILE_OPS_SERVER`, then `http://127.0.0.1:8080`.
    @Option(help: "Server URL (MOBILE_OPS_SERVER, default http://127.0.0.1:8080).")
    public var server: String?

    /// `--token`; falls back to `MOBILE_OPS_TOKEN`.
    @Option(help: "API token (MOBILE_OPS_TOKEN).")
    public var token: String?

    /// `--json`: print the server's JSON instead of text for people.
    @Flag(help: "Print JSON instead of text.")
    public var json = false

    /// Creates the options with nothing given (ArgumentParser fills them in).
    public init() {}

    /// The server URL after applying the environment and the default, without a trailing `/`.
    public var serverURL: String {
        let value = server ?? ProcessInfo.processInfo.environment["MOBILE_OPS_SERVER"] ?? "http://127.0.0.1:8080"
        return value.hasSuffix("/") ? String(value.dropLast()) : value
    }

    /// The token after applying the environment.
    public var resolvedToken: String? {
        token ?? ProcessInfo.processInfo.environment["MOBILE_OPS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    public mutating func validate() throws {
        guard serverURL.hasPrefix("http://") || serverURL.hasPrefix("https://") else {
            throw ValidationError("--server must be an http:// or https:// URL, e.g. http://127.0.0.1:8080 (got '\(serverURL)')")
        }
    }

    /// A client for these options.
    func client() -> APIClient {
        APIClient(baseURL: serverURL, token: resolvedToken)
    }
}

extension ConnectionOptions {
    /// Sends one request and prints its answer: the server's JSON as it came under `--json`,
    /// else what `show` makes of the decoded answer for people.
    ///
    /// Most server commands answer this way, so the choice between JSON and text is made here
    /// once; those that send several requests call `reportingErrors` themselves. A `CLIError` of
    /// the request becomes one stderr line and the exit status; what `show` throws (an exit status
    /// after printing problems) is its own.
    func respond<Answer>(
        _ request: (APIClient) async throws(CLIError) -> (Answer, [UInt8]),
        show: (Answer) throws -> Void
    ) async throws {
        let answer = try await reportingErrors { () async throws(CLIError) -> Answer? in
            let (answer, body) = try await request(client())
            if json {
                Output.json(body)
                return nil
            }
            return answer
        }
        if let answer { try show(answer) }
    }

    /// `GET path`, answered as `respond` does.
    func get<Answer: Decodable>(_ path: String, as type: Answer.Type, show: (Answer) throws -> Void) async throws {
        try await respond({ client async throws(CLIError) in try await client.get(path, as: type) }, show: show)
    }

    /// `POST path` with a JSON body, answered as `respond` does.
    func post<Answer: Decodable>(
        _ path: String, _ payload: some Encodable, as type: Answer.Type, show: (Answer) throws -> Void
    ) async throws {
        try await respond({ client async throws(CLIError) in try await client.post(path, payload, as: type) }, show: show)
    }

    /// `DELETE path`, answered as `respond` does.
    func delete<Answer: Decodable>(_ path: String, as type: Answer.Type, show: (Answer) throws -> Void) async throws {
        try await respond({ client async throws(CLIError) in try await client.delete(path, as: type) }, show: show)
    }
}
