import Foundation
import HTTPClient
import MemberwiseInit

/// Talks to the MobileOps server's JSON API through `HTTPClient` (libcurl).
@MemberwiseInit
struct APIClient: Sendable {
    let baseURL: String
    let token: String?
    private let http = HTTPClient()

    /// `GET path`, decoded.
    func get<T: Decodable>(_ path: String, as type: T.Type) async throws(CLIError) -> (T, [UInt8]) {
        try await exchange(.get, path, body: nil, as: T.self)
    }

    /// `POST path` with a JSON body, decoded.
    func post<T: Decodable>(_ path: String, _ payload: some Encodable, as type: T.Type) async throws(CLIError) -> (T, [UInt8]) {
        try await exchange(.post, path, body: try Self.encode(payload), as: T.self)
    }

    /// `PUT path` with a JSON body, decoded.
    func put<T: Decodable>(_ path: String, _ payload: some Encodable, as type: T.Type) async throws(CLIError) -> (T, [UInt8]) {
        try await exchange(.put, path, body: try Self.encode(payload), as: T.self)
    }

    /// `POST path` with a text body as it is (a YAML file), decoded.
    func post<T: Decodable>(_ path: String, text: String, contentType: String, as type: T.Type) async throws(CLIError) -> (T, [UInt8]) {
        try await post(path, bytes: Array(text.utf8), contentType: contentType, as: T.self)
    }

    /// `POST path` with a file's bytes as they are (a report another tool wrote), decoded.
    func post<T: Decodable>(_ path: String, bytes: [UInt8], contentType: String, as type: T.Type) async throws(CLIError) -> (T, [UInt8]) {
        try await exchange(.post, path, body: bytes, contentType: contentType, as: T.self)
    }

    /// `GET path` as raw bytes (logs).
    func getRaw(_ path: String) async throws(CLIError) -> [UInt8] {
        try await send(.get, path, body: nil)
    }

    /// `GET path` with its body left to stream (artifacts): answers once the head arrived; a
    /// non-2xx answer becomes `CLIError.server` with the server's message. `timeout` bounds
    /// the whole exchange, reading the body included.
    func stream(_ path: String, timeout: Duration) async throws(CLIError) -> HTTPStreamedResponse {
        var headers: HTTPHeaders = []
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        let request = HTTPRequest(method: .get, url: baseURL + path, headers: headers, timeout: timeout)
        do {
            let response = try await http.stream(request)
            guard response.isSuccess else {
                throw CLIError.server(status: response.status, Self.errorMessage(in: try await response.collected(upTo: 1 << 20)))
            }
            return response
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.unreachable("cannot reach the server at \(baseURL): \(error)")
        }
    }

    /// `DELETE path`, decoded.
    func delete<T: Decodable>(_ path: String, as type: T.Type) async throws(CLIError) -> (T, [UInt8]) {
        try await exchange(.delete, path, body: nil, as: T.self)
    }

    /// Sends one request and decodes its answer, keeping the body as it came for `--json`.
    private func exchange<T: Decodable>(
        _ method: HTTPMethod, _ path: String, body: [UInt8]?, contentType: String = "application/json", as type: T.Type
    ) async throws(CLIError) -> (T, [UInt8]) {
        let answer = try await send(method, path, body: body, contentType: contentType)
        return (try decode(T.self, from: answer), answer)
    }

    /// `payload` as a JSON request body.
    private static func encode(_ payload: some Encodable) throws(CLIError) -> [UInt8] {
        do {
            return Array(try JSONEncoder().encode(payload))
        } catch {
            throw CLIError.usage("cannot encode the request: \(error)")
        }
    }

    /// Sends one request; a non-2xx answer becomes `CLIError.server` with the server's message.
    private func send(
        _ method: HTTPMethod, _ path: String, body: [UInt8]?, contentType: String = "application/json"
    ) async throws(CLIError) -> [UInt8] {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if body != nil { headers.add(name: "Content-Type", value: contentType) }
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        let request = HTTPRequest(method: method, url: baseURL + path, headers: headers, body: body, timeout: .seconds(30))
        let response: HTTPResponse
        do {
            response = try await http.execute(request)
        } catch {
            throw CLIError.unreachable("cannot reach the server at \(baseURL): \(error)")
        }
        guard (200..<300).contains(response.status) else {
            throw CLIError.server(status: response.status, Self.errorMessage(in: response))
        }
        return response.body
    }

    private func decode<T: Decodable>(_ type: T.Type, from body: [UInt8]) throws(CLIError) -> T {
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(T.self, from: Data(body))
        } catch {
            throw CLIError.unexpectedResponse("the server's answer could not be read: \(error)")
        }
    }

    /// The `error.message` of the contract's error shape, or the raw body.
    private static func errorMessage(in response: HTTPResponse) -> String {
        struct Envelope: Decodable {
            struct Detail: Decodable { var code: String; var message: String }
            var error: Detail
        }
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(response.body)) {
            return "\(envelope.error.message) (\(envelope.error.code))"
        }
        // `/readyz` answers 503 with `{"status": "not_ready", "reason": …}`.
        struct NotReady: Decodable { var reason: String }
        if let notReady = try? JSONDecoder().decode(NotReady.self, from: Data(response.body)) { return notReady.reason }
        let text = response.bodyText.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "HTTP \(response.status)" : "HTTP \(response.status): \(text.prefix(300))"
    }
}
