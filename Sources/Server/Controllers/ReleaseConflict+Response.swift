import HTTPTypes
import Hummingbird
import ReleaseDriver
import ReleaseTrain

/// A refused release action, answered 409 with the contract's error shape plus the allowed
/// actions: `{"error": {"code", "message", "allowed": [...]}}`.
extension ReleaseConflict {
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
