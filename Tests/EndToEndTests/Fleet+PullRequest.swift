import ChildProcesses
import Foundation

extension Fleet {
    /// Posts a signed GitHub `pull_request` event (`action`, default `opened`) for pull request
    /// `number` of `repository`, from `headRef` at `headSHA` into `baseRef`, shaped as GitHub
    /// sends it; returns the build ids. With `fork`, the head repository is that fork of it
    /// (another id and name, `"fork": true`), as GitHub sends a fork's pull request.
    func pullRequest(
        repository: String, number: Int, headRef: String, headSHA: String, baseRef: String = "main", baseSHA: String, action: String = "opened",
        fork: String? = nil
    ) async throws -> [Int] {
        let owner = repository.split(separator: "/").first.map(String.init) ?? repository
        let repo = #"{"id": 7000000001, "name": "\#(repository.split(separator: "/").last ?? "")", "full_name": "\#(repository)", "fork": false, "owner": {"login": "\#(owner)"}}"#
        let headOwner = fork.flatMap { $0.split(separator: "/").first.map(String.init) } ?? owner
        let headRepo = fork.map { name in
            #"{"id": 7000000002, "name": "\#(name.split(separator: "/").last ?? "")", "full_name": "\#(name)", "fork": true, "owner": {"login": "\#(headOwner)"}}"#
        } ?? repo
        let payload = #"""
            {"action": "\#(action)", "number": \#(number),
             "pull_request": {"id": 9000000001, "number": \#(number), "state": "open", "draft": false, "merged": false,
              "title": "Findings end to end", "user": {"login": "contributor"},
              "head": {"label": "\#(headOwner):\#(headRef)", "ref": "\#(headRef)", "sha": "\#(headSHA)", "repo": \#(headRepo)},
              "base": {"label": "\#(owner):\#(baseRef)", "ref": "\#(baseRef)", "sha": "\#(baseSHA)", "repo": \#(repo)}},
             "repository": \#(repo), "sender": {"login": "contributor"}}
            """#
        return try await deliver(event: "pull_request", payload: payload)
    }

    /// Commits `file` with `contents` on a new branch `branch` made from the current commit of
    /// ``makeRepository()``'s repository, then goes back to `main`; returns the commit.
    func commit(file: String, contents: String, onBranch branch: String) async throws -> String {
        let path = root.appendingPathComponent("repo").path
        _ = try await Command.run(.command("git", ["checkout", "-q", "-b", branch], in: path))
        // Back to `main` whether the commit worked or not (a `defer` cannot await).
        do {
            let sha = try await commit(file: file, contents: contents)
            _ = try await Command.run(.command("git", ["checkout", "-q", "main"], in: path))
            return sha
        } catch {
            _ = try? await Command.run(.command("git", ["checkout", "-q", "main"], in: path))
            throw error
        }
    }
}
