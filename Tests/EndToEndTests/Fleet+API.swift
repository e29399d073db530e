import ChildProcesses
import Foundation
import HTTPClient
import Testing
import Webhooks

extension Fleet {
    /// Calls the server's API as admin and returns the JSON object.
    @discardableResult
    func call(_ method: String, _ path: String, json: String? = nil) async throws -> [String: Any] {
        var headers: HTTPHeaders = ["Authorization": "Bearer \(Self.adminToken)"]
        if json != nil { headers.add(name: "Content-Type", value: "application/json") }
        let response = try await http.execute(HTTPClient.Request(method: HTTPMethod(rawValue: method), url: url + path, headers: headers, body: json.map { Array($0.utf8) }))
        return (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? ["_status": response.status]
    }

    /// A job's log as text.
    func log(job: Int) async throws -> String {
        let response = try await http.execute(HTTPClient.Request(url: url + "/api/v1/jobs/\(job)/log", headers: ["Authorization": "Bearer \(Self.adminToken)"]))
        return response.bodyText
    }

    /// Posts a signed GitHub push for `repository` at `sha` and returns the build ids.
    func push(repository: String, sha: String, branch: String = "main") async throws -> [Int] {
        let payload = #"{"ref": "refs/heads/\#(branch)", "before": "\#(String(repeating: "0", count: 39))1", "after": "\#(sha)", "deleted": false, "repository": {"full_name": "\#(repository)"}, "pusher": {"name": "e2e"}, "head_commit": {"id": "\#(sha)", "message": "e2e"}, "commits": []}"#
        return try await deliver(event: "push", payload: payload)
    }

    /// Posts `payload` as a signed GitHub delivery of `event`, expects 202, returns the build ids.
    func deliver(event: String, payload: String) async throws -> [Int] {
        let body = Array(payload.utf8)
        let headers: HTTPHeaders = [
            "Content-Type": "application/json", "X-GitHub-Event": event, "X-GitHub-Delivery": UUID().uuidString,
            "X-Hub-Signature-256": WebhookSigner.hmacSHA256Signature(body: body, secret: Self.secret),
        ]
        let response = try await http.execute(HTTPClient.Request(method: .post, url: url + "/api/v1/webhooks/github", headers: headers, body: body))
        #expect(response.status == 202, "\(response.bodyText)")
        let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        return object?["builds"] as? [Int] ?? []
    }

    /// Polls a build until `done` says so, for at most `limit`.
    func waitForBuild(_ id: Int, limit: Duration = .seconds(60), until done: ([String: Any]) -> Bool) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let build = try await call("GET", "/api/v1/builds/\(id)")
            if done(build) { return build }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw FleetError.timedOut("build \(id): \(try await call("GET", "/api/v1/builds/\(id)"))")
    }

    /// A git repository with one commit; returns its path and the commit.
    func makeRepository() async throws -> (path: String, sha: String) {
        let path = root.appendingPathComponent("repo").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try "hello from the e2e repository\n".write(toFile: path + "/README.md", atomically: true, encoding: .utf8)
        for arguments in [["init", "-q", "-b", "main"], ["add", "README.md"],
                          ["-c", "user.name=e2e", "-c", "user.email=e2e@test", "commit", "-q", "-m", "first"]] {
            try await git(arguments, in: path)
        }
        return (path, try await git(["rev-parse", "HEAD"], in: path).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Commits `file` with `contents` to the repository made by ``makeRepository()``; returns the commit.
    func commit(file: String, contents: String) async throws -> String {
        let path = root.appendingPathComponent("repo").path
        try contents.write(toFile: path + "/" + file, atomically: true, encoding: .utf8)
        try await git(["add", file], in: path)
        try await git(["-c", "user.name=e2e", "-c", "user.email=e2e@test", "commit", "-q", "-m", "add \(file)"], in: path)
        return try await git(["rev-parse", "HEAD"], in: path).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A GET answered with text (`/metrics`, `/feed.json`), as admin.
    func text(_ path: String) async throws -> String {
        let response = try await http.execute(HTTPClient.Request(url: url + path, headers: ["Authorization": "Bearer \(Self.adminToken)"]))
        return response.bodyText
    }

    @discardableResult
    private func git(_ arguments: [String], in directory: String) async throws -> String {
        try await Command.run(.command("git", arguments, in: directory)).text
    }
}

// MARK: - Requests the flood tests send

extension Fleet {
    /// Commit `index` of a test: `prefix` and hex digits, 40 in all, distinct per index.
    static func commitSHA(_ prefix: String, _ index: Int) -> String {
        let hex = String(index, radix: 16)
        return prefix + String(repeating: "0", count: 40 - prefix.count - hex.count) + hex
    }

    /// A push of `sha` to `main` of `repository`, signed as GitHub signs it, with its own
    /// delivery id: the request a flood test sends (and sends again) to `base`.
    static func signedPush(base: String, repository: String, sha: String, deliveryID: String, message: String) -> HTTPRequest {
        let payload = #"{"ref": "refs/heads/main", "before": "\#(String(repeating: "0", count: 40))", "after": "\#(sha)", "deleted": false, "repository": {"full_name": "\#(repository)"}, "pusher": {"name": "flood"}, "head_commit": {"id": "\#(sha)", "message": "\#(message)"}, "commits": []}"#
        let body = Array(payload.utf8)
        let headers: HTTPHeaders = [
            "Content-Type": "application/json", "X-GitHub-Event": "push", "X-GitHub-Delivery": deliveryID,
            "X-Hub-Signature-256": WebhookSigner.hmacSHA256Signature(body: body, secret: secret),
        ]
        return HTTPRequest(method: .post, url: base + "/api/v1/webhooks/github", headers: headers, body: body, timeout: .seconds(20))
    }
}

// MARK: - Set-up

/// The opening most end-to-end tests share: a backend readied for the fleet, a git repository
/// with one commit, and a started server that knows that repository.
extension Fleet {
    /// Readies `backend` for this fleet (a scratch database on PostgreSQL) and makes the git
    /// repository with its one commit; returns its path and the commit.
    func makeRepository(on backend: ServerBackend) async throws -> (path: String, sha: String) {
        try await backend.prepare(self)
        return try await makeRepository()
    }

    /// Starts the server as `startServer(pipeline:environment:leaseSeconds:)` does, then
    /// registers the GitHub repository `name` cloned from the local `path` with the fleet's
    /// webhook secret; returns the repository as the API created it.
    @discardableResult
    func startServer(
        pipeline: String, environment: [String: String] = [:], leaseSeconds: Int = 3, registering name: String, clonedFrom path: String
    ) async throws -> [String: Any] {
        try await startServer(pipeline: pipeline, environment: environment, leaseSeconds: leaseSeconds)
        let body = #"{"name": "\#(name)", "provider": "github", "cloneURL": "file://\#(path)", "webhookSecret": "\#(Self.secret)"}"#
        return try await call("POST", "/api/v1/repositories", json: body)
    }
}
