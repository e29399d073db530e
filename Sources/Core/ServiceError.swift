/// A request a service refused, in the service's own terms.
///
/// The services that decide things (intake, planning, releases, tokens) know no HTTP; they
/// say what kind of refusal it is, with a stable snake_case code and a message, and the HTTP
/// layer picks the status. That keeps one error shape for clients while the deciding code
/// stays usable from a test, a CLI or another transport.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal this is; the HTTP layer maps each to one status.
    public enum Kind: Sendable, Equatable {
        /// The input is wrong (HTTP 400).
        case invalidInput
        /// No credentials, or credentials that are not accepted (HTTP 401).
        case unauthenticated
        /// Valid credentials without the permission the action needs (HTTP 403).
        case forbidden
        /// The id or name does not exist (HTTP 404).
        case notFound
        /// The current state forbids the action, or a unique value is taken (HTTP 409).
        case conflict
        /// A service this one depends on (a git host) failed or answered nonsense (HTTP 502).
        case upstreamFailed
        /// Stored data this server cannot read; details belong in the log (HTTP 500).
        case internalFailure
    }

    /// The kind of refusal.
    public var kind: Kind
    /// Stable snake_case code a script can branch on.
    public var code: String
    /// What went wrong and what to do about it.
    public var message: String

    /// Creates a refusal.
    public init(_ kind: Kind, code: String, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    /// The message, ready to show.
    public var description: String { message }
}

// MARK: - Common refusals

extension ServiceError {
    /// Wrong input, with a code naming the kind of bad input.
    public static func badRequest(_ message: String, code: String = "bad_request") -> ServiceError {
        ServiceError(.invalidInput, code: code, message: message)
    }

    /// An id or name that does not exist.
    public static func notFound(_ message: String) -> ServiceError {
        ServiceError(.notFound, code: "not_found", message: message)
    }

    /// A state that forbids the action or a unique value already taken.
    public static func conflict(_ message: String) -> ServiceError {
        ServiceError(.conflict, code: "conflict", message: message)
    }

    /// A state that forbids the action, with a specific code.
    public static func conflict(code: String, _ message: String) -> ServiceError {
        ServiceError(.conflict, code: code, message: message)
    }

    /// Credentials that are missing or not accepted.
    public static func unauthorized(_ message: String) -> ServiceError {
        ServiceError(.unauthenticated, code: "unauthorized", message: message)
    }

    /// The git host failed or answered something unreadable.
    public static func gitHost(_ message: String, code: String) -> ServiceError {
        ServiceError(.upstreamFailed, code: code, message: message)
    }
}
