import ChildProcesses
import DistributionFakes
import Foundation
import TestSupport

/// A local stand-in for GitHub's refs and commit-status APIs, Google's token endpoint and the
/// strict Android Publisher edits of ``FakeGooglePlay``, for the release train run by a real server process.
///
/// Cutting a branch here also creates it in the local repository the agents clone, so the
/// release candidate really builds the release branch.
actor FakeHostAndPlay {
    /// One request the fake answered.
    struct Recorded: Sendable {
        let method: String
        let path: String
        let body: String
    }

    private(set) var recorded: [Recorded] = []
    /// Answers that were errors, as `METHOD path → status body`: a test expecting none checks it.
    private(set) var refusals: [String] = []
    let repository: String
    private var play = FakeGooglePlay(accessToken: FakeHostAndPlay.accessToken)
    static let accessToken = "ya29.e2e-access-token"

    /// Whether answers to edit commits wait for ``releaseHeldCommits()``.
    private var holdingCommits = false
    /// Commits that took effect and whose answers wait.
    private var heldCommits: [CheckedContinuation<Void, Never>] = []

    init(repository: String) {
        self.repository = repository
    }

    // MARK: Holding commits

    /// From now on, an edit commit takes effect at Play but its answer waits: the caller's
    /// worst moment to die, the store changed and the caller not told.
    func holdCommits() {
        holdingCommits = true
    }

    /// How many commits took effect and wait for their answers.
    var heldCommitCount: Int { heldCommits.count }

    /// Sends the held answers (to whoever still listens) and stops holding.
    func releaseHeldCommits() {
        holdingCommits = false
        for commit in heldCommits { commit.resume() }
        heldCommits = []
    }

    fileprivate func pauseIfHeld(method: String, path: String) async {
        guard holdingCommits, method == "POST", path.hasSuffix(":commit") else { return }
        await withCheckedContinuation { heldCommits.append($0) }
    }

    /// Play track changes that took effect (committed edits) as (status, userFraction), in order.
    func trackUpdates() -> [(status: String, fraction: Double?)] {
        play.history.map { ($0.status, $0.userFraction) }
    }

    func requests(containing fragment: String) -> [Recorded] {
        recorded.filter { $0.path.contains(fragment) }
    }

    fileprivate func handle(method: String, path: String, headers: [String: String], body: [UInt8]) async -> (Int, String) {
        recorded.append(Recorded(method: method, path: path, body: String(decoding: body, as: UTF8.self)))
        let answer = await answer(method: method, path: path, headers: headers, body: body)
        if answer.0 >= 400 { refusals.append("\(method) \(path) → \(answer.0) \(answer.1)") }
        return answer
    }

    private func answer(method: String, path: String, headers: [String: String], body bytes: [UInt8]) async -> (Int, String) {
        let body = String(decoding: bytes, as: UTF8.self)
        switch method {
        case "GET" where path.contains("/git/ref/heads/"):
            let branch = String(path.split(separator: "/git/ref/heads/").last ?? "main")
            let sha = (try? await Self.git(["rev-parse", branch], in: repository)) ?? ""
            return (200, #"{"ref": "refs/heads/\#(branch)", "object": {"sha": "\#(sha)", "type": "commit"}}"#)
        case "POST" where path.hasSuffix("/git/refs"):
            let json = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
            let ref = json?["ref"] as? String ?? ""
            let sha = json?["sha"] as? String ?? ""
            let branch = ref.replacingOccurrences(of: "refs/heads/", with: "")
            guard await (try? Self.git(["branch", branch, sha], in: repository)) != nil else {
                return (422, #"{"message": "Reference already exists"}"#)
            }
            return (201, #"{"ref": "\#(ref)", "object": {"sha": "\#(sha)", "type": "commit"}}"#)
        case "POST" where path.contains("/statuses/"):
            return (201, #"{"state": "success"}"#)
        case "POST" where path == "/token":
            return (200, #"{"access_token": "\#(Self.accessToken)", "expires_in": 3600, "token_type": "Bearer"}"#)
        case _ where path.hasPrefix("/androidpublisher/"):
            return play.handle(FakeGooglePlay.Request(method: method, path: path, headers: headers, body: bytes))
        default:
            return (404, #"{"error": {"code": 404, "message": "no such fake route", "status": "NOT_FOUND"}}"#)
        }
    }

    // MARK: Running

    /// Runs the fake on an ephemeral port for the duration of `body`.
    static func run(repository: String, _ body: (FakeHostAndPlay, String) async throws -> Void) async throws {
        let fake = FakeHostAndPlay(repository: repository)
        try await LoopbackServer.run(label: "FakeHostAndPlay", bodyLimit: 1 << 20, answering: { request in
            let (status, text) = await fake.handle(method: request.method, path: request.path, headers: request.headers, body: request.body)
            await fake.pauseIfHeld(method: request.method, path: request.path)
            return LoopbackResponse(status: status, body: text)
        }) { server in
            try await body(fake, server.url)
        }
    }

    static func git(_ arguments: [String], in directory: String) async throws -> String {
        let output = try await Command.run(.command("git", ["-C", directory] + arguments))
        guard output.status.isSuccess else { throw CocoaError(.fileReadUnknown) }
        return output.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
