import Core
import Foundation
import HTTPClient

// MARK: - ProviderExchange

/// Sends a client's requests and turns every way one can fail into a ``GitHostError``.
///
/// For a delivery of several requests (a check run and its annotation batches, a note and a
/// status) ``send(_:step:)`` stops at the first that fails, named after the step that failed.
struct ProviderExchange: Sendable {
    let http: any HTTPExecuting

    /// The response of `request`, whatever its status; only an exchange that produced no
    /// response at all throws.
    func execute(_ request: HTTPRequest) async throws(GitHostError) -> HTTPResponse {
        do {
            return try await http.execute(request)
        } catch {
            throw GitHostError(error)
        }
    }

    /// The response of `request` when it succeeded (2xx).
    /// - Throws: ``GitHostError`` with `step` leading its message, and the response that
    ///   caused it when there was one.
    func send(_ request: HTTPRequest, step: String) async throws(GitHostError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await execute(request)
        } catch {
            throw error.named(step)
        }
        if var failure = GitHostError(response: response) {
            failure = failure.named(step)
            failure.response = response
            throw failure
        }
        return response
    }

    /// The body of a successful response decoded as `type`; a body the docs say cannot be
    /// (another server answering at that URL) is a permanent failure.
    static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse, step: String) throws(GitHostError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(response.body))
        } catch {
            throw GitHostError(.permanent, "\(step): unexpected answer: \(GitHostError.bodyExcerpt(response.bodyText))")
        }
    }

    /// A request from a builder that refuses malformed repository names, as a permanent failure.
    static func built(_ make: () throws(CommitStatusError) -> HTTPRequest) throws(GitHostError) -> HTTPRequest {
        do {
            return try make()
        } catch {
            throw GitHostError(.permanent, error.description)
        }
    }

    /// Posts the commit status `make` builds. `alreadyShown` reads the host's refusal of a
    /// state the commit already shows (GitLab's 400), which is no failure.
    func postStatus(
        _ make: () throws(CommitStatusError) -> HTTPRequest,
        alreadyShown: (HTTPResponse) -> String? = { _ in nil }
    ) async throws(GitHostError) -> CommitStatusResult {
        let response = try await execute(try Self.built(make))
        if let shown = alreadyShown(response) { return .alreadyShown(shown) }
        if let failure = GitHostError(response: response) { throw failure }
        return .posted
    }

    // MARK: Branches and compares

    /// A branch request's response, whatever its status, with the configured `timeout`; an
    /// exchange that produced no response is a ``BranchCutError`` naming `operation`.
    func answer(_ request: HTTPRequest, _ operation: String, timeout: Duration) async throws(BranchCutError) -> HTTPResponse {
        var request = request
        request.timeout = timeout
        do { return try await http.execute(request) } catch {
            throw BranchCutError("\(operation): \(error.description)")
        }
    }

    /// The body of a successful `GET url` for a commit comparison.
    func compareBody(_ url: String, headers: HTTPHeaders, timeout: Duration) async throws(ServiceError) -> Data {
        let response: HTTPResponse
        do { response = try await http.execute(HTTPRequest(method: .get, url: url, headers: headers, timeout: timeout)) } catch {
            throw ServiceError.gitHost("the git host could not be reached: \(error)", code: "git_host_unreachable")
        }
        guard response.isSuccess else {
            throw ServiceError.gitHost("the git host answered HTTP \(response.status) for the commit comparison", code: "git_host_error")
        }
        return Data(response.body)
    }
}
