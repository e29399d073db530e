import Foundation
import HTTPClient

// MARK: - DistributionTransport

/// Sends a distribution service's (an app store's) requests through ``HTTPExecuting`` and
/// turns every outcome that is not a 2xx into a ``DistributionAPIError`` carrying the
/// service's own error code and message.
struct DistributionTransport: Sendable {
    /// Which distribution service the errors name.
    let distribution: DistributionName
    /// The HTTP client (libcurl in production, anything in tests).
    let http: any HTTPExecuting
    /// The limit for one request.
    let timeout: Duration

    /// Performs `request`; a non-2xx answer becomes an error.
    func send(_ request: HTTPRequest, operation: String) async throws(DistributionAPIError) -> HTTPResponse {
        var request = request
        request.timeout = timeout
        let response: HTTPResponse
        do {
            response = try await http.execute(request)
        } catch {
            throw DistributionAPIError(distribution: distribution, kind: .transport(error), operation: operation, message: error.description)
        }
        guard response.isSuccess else {
            throw errorFromBody(response, operation: operation)
        }
        return response
    }

    /// Performs `request` and decodes the JSON answer.
    func json<Answer: Decodable>(_ request: HTTPRequest, operation: String, as type: Answer.Type = Answer.self) async throws(DistributionAPIError) -> Answer {
        let response = try await send(request, operation: operation)
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(response.body))
        } catch {
            throw DistributionAPIError(
                distribution: distribution, kind: .invalidResponse, operation: operation, status: response.status,
                message: "the answer is not the documented JSON (\(Self.decodingProblem(error)))"
            )
        }
    }

    /// JSON for a request body.
    static func body(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding our own plain structs cannot fail; an empty object is a safe fallback.
        return (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
    }

    // MARK: Errors

    /// The store's error from a failed answer: Google `{"error": {code, message, status}}`,
    /// OAuth `{"error": "invalid_grant", "error_description": …}`, Apple
    /// `{"errors": [{status, code, title, detail}]}`; otherwise the status and a short body.
    func errorFromBody(_ response: HTTPResponse, operation: String) -> DistributionAPIError {
        let kind: DistributionAPIError.Kind = switch response.status {
        case 401, 403: .authentication
        case 404: .notFound
        default: .rejected
        }
        var code: String?
        var message = "the store answered HTTP \(response.status)"
        let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        if let google = object?["error"] as? [String: Any] {
            code = google["status"] as? String
            message = (google["message"] as? String) ?? message
        } else if let oauth = object?["error"] as? String {
            code = oauth
            message = (object?["error_description"] as? String) ?? oauth
        } else if let apple = object?["errors"] as? [[String: Any]], !apple.isEmpty {
            code = apple.compactMap { $0["code"] as? String }.first
            message = apple.map { entry in
                [entry["title"] as? String, entry["detail"] as? String].compactMap { $0 }.joined(separator: ": ")
            }.joined(separator: "; ")
        } else if !response.body.isEmpty {
            message += ": " + String(response.bodyText.prefix(200))
        }
        return DistributionAPIError(distribution: distribution, kind: kind, operation: operation, status: response.status, code: code, message: message)
    }

    /// The path and reason of a decoding error, without the values (which could be large).
    static func decodingProblem(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "at the top" : "at \(keys.joined(separator: "."))"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)' \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "unexpected type \(path(context))"
        case .dataCorrupted(let context): return "malformed \(path(context))"
        @unknown default: return "unreadable"
        }
    }
}
