import HTTPClient

// MARK: - AgentAPIError

/// Why a call to the server did not produce the answer the protocol promises.
///
/// The cases are grouped by what the agent does next: drop the job (``jobNotHeld``),
/// register again (``unauthorized``), or log it and retry later (the rest).
public enum AgentAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 409 `job_not_held`: the server gave the job to someone else; stop working on it.
    case jobNotHeld
    /// 401: the token is unknown (e.g. the server lost its database); register again.
    case unauthorized(String)
    /// 409 `agent_name_in_use` to a registration: another agent with this name (and
    /// registration token) is online. Retried: once that one has been silent for the lease
    /// (it crashed, and this is its restart), this agent takes its row over.
    case nameInUse(String)
    /// Any other status the protocol does not expect for this call.
    case unexpectedStatus(Int, String)
    /// A success status whose body could not be decoded.
    case badResponse(String)
    /// No response at all (connection refused, timeout, …).
    case transport(HTTPClientError)

    /// Whether trying the same call again later may succeed.
    public var isRetryable: Bool {
        switch self {
        case .jobNotHeld, .unauthorized: false
        case .unexpectedStatus(let status, _): status >= 500 || status == 429 || status == 408
        case .badResponse, .nameInUse: true
        case .transport(let error): error != .cancelled && error != .shutDown
        }
    }

    /// One line for logs.
    public var description: String {
        switch self {
        case .jobNotHeld: "job is not held by this agent (409 job_not_held)"
        case .unauthorized(let message): "unauthorized (401): \(message)"
        case .unexpectedStatus(let status, let message): "unexpected status \(status): \(message)"
        case .nameInUse(let message): "name in use (409 agent_name_in_use): \(message)"
        case .badResponse(let message): "bad response: \(message)"
        case .transport(let error): "no response: \(error)"
        }
    }

    /// The `error.code` of a MobileOps error body, if the body is one.
    static func errorCode(in body: [UInt8]) -> String? {
        struct Envelope: Decodable {
            struct Detail: Decodable { var code: String }
            var error: Detail
        }
        return (try? JSONCoding.decoder.decode(Envelope.self, from: body))?.error.code
    }

    /// A short excerpt of a response body for messages (bounded so logs stay readable).
    static func excerpt(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(300), as: UTF8.self)
        return body.count > 300 ? text + "…" : text
    }
}
