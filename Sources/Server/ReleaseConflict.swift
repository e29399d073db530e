import Foundation
import HTTPTypes
import Hummingbird
import ReleaseTrain

// MARK: - ReleaseConflict

/// A refused release action: answered 409 with the contract's error shape plus the actions
/// the release accepts now, `{"error": {"code", "message", "allowed": [...]}}`, so a script
/// can offer them and a person reads them in the message.
struct ReleaseConflict: Error, Sendable {
    /// `invalid_transition`, `signoff_incomplete`, `unknown_gate` …
    var code: String
    /// The sentence naming the action, the state and what is allowed.
    var message: String
    /// The allowed actions' API names.
    var allowed: [String]

    /// The machine's refusal.
    init(_ error: ReleaseTransitionError) {
        self.code = error.code
        self.message = error.description
        self.allowed = error.allowed.map(\.rawValue)
    }

    /// A refusal of the server's own (e.g. `advance` with no next step).
    init(code: String, message: String, allowed: [String]) {
        self.code = code
        self.message = message
        self.allowed = allowed
    }

    /// The 409 response (400 for an unknown gate or percentage: the input is wrong, not the state).
    func response() throws -> Response {
        struct Body: Encodable {
            struct Detail: Encodable {
                var code: String
                var message: String
                var allowed: [String]
            }
            var error: Detail
        }
        let status: HTTPResponse.Status = code == "unknown_gate" || code == "invalid_rollout_percent" ? .badRequest : .conflict
        return try .json(Body(error: .init(code: code, message: message, allowed: allowed)), status: status)
    }

    /// Runs `body`, answering a refused transition as ``response()``.
    static func answering(_ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let error as ReleaseTransitionError {
            return try ReleaseConflict(error).response()
        } catch let error as ReleaseConflict {
            return try error.response()
        }
    }
}

// MARK: - Release train errors

extension APIError {
    /// 409 with a specific code: the release or train is not in a state to do this.
    static func conflict(code: String, _ message: String) -> APIError {
        APIError(.conflict, code: code, message: message)
    }

    /// 502: the git host failed or answered something unreadable.
    static func gitHost(_ message: String, code: String) -> APIError {
        APIError(.badGateway, code: code, message: message)
    }
}
