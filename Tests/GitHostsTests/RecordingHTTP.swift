import Core
import GitHosts
import HTTPClient
import Synchronization

// MARK: - RecordingHTTP

/// Stands in for libcurl's client: records every request and answers each with the next of
/// `answers` (a plain 200 once they run out). The clients' tests read exactly what would have
/// gone on the wire, with no server; the fakes in `GitHostFakes` play whole hosts for the
/// notifier and server tests.
final class RecordingHTTP: HTTPExecuting {
    private struct State {
        var requests: [HTTPRequest] = []
        var answers: [HTTPResponse]
    }

    private let state: Mutex<State>

    /// Answers with `answers`, in order.
    init(_ answers: [HTTPResponse] = []) {
        state = Mutex(State(answers: answers))
    }

    /// Every request so far, in order.
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Records `request` and answers the next canned response.
    func execute(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let answer: HTTPResponse = state.withLock { state in
            state.requests.append(request)
            return state.answers.isEmpty ? HTTPResponse(status: 200) : state.answers.removeFirst()
        }
        return answer
    }
}

// MARK: - Fixtures

/// Values the clients' tests share.
enum HostFixtures {
    /// A commit every status is about.
    static let sha = "0123456789abcdef0123456789abcdef01234567"

    /// Build 7 (#6) of `ios-pr` in `state`, without a public URL to link.
    static func status(_ state: BuildState = .passed) -> CommitStatus {
        CommitStatus(buildID: 7, number: 6, pipeline: "ios-pr", commitSHA: sha, state: state, targetURL: nil)
    }

    /// `text` as a response body.
    static func body(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A request's body as text.
    static func text(_ request: HTTPRequest?) -> String? {
        request?.body.map { String(decoding: $0, as: UTF8.self) }
    }
}
