import ChildProcesses
import Foundation
import ReleaseTrain
import Testing

/// The train sees a branch pushed by hand through `git ls-remote` of the clone URL.
@Suite("Release branches on a git remote")
struct GitRemoteBranchesTests {
    /// Runs git in `folder` without blocking a cooperative thread.
    static func git(_ arguments: [String], in folder: URL) async throws -> String {
        let identity = ["-c", "user.name=Ann", "-c", "user.email=ann@example.com", "-c", "commit.gpgsign=false"]
        let output = try await Command.run(.command("git", identity + arguments, in: folder.path))
        try #require(output.status.isSuccess, "git \(arguments.joined(separator: " ")): \(output.errorText)")
        return output.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a pushed branch is found at its commit; a missing one is nil; a similar one does not count; an unreadable remote is an error")
    func lookUp() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remote-branches-\(UUID().uuidString)")
        let remote = folder.appendingPathComponent("remote.git"), work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await Self.git(["init", "-q", "--bare", "-b", "main", remote.path], in: folder)
        _ = try await Self.git(["init", "-q", "-b", "main"], in: work)
        _ = try await Self.git(["commit", "-q", "--allow-empty", "-m", "first"], in: work)
        let head = try await Self.git(["rev-parse", "HEAD"], in: work)
        _ = try await Self.git(["push", "-q", remote.path, "main:main", "main:release/1.0.0", "main:x/release/1.1.0"], in: work)

        let branches = GitRemoteBranches()
        #expect(try await branches.head(of: "release/1.0.0", at: remote.path) == head)
        #expect(try await branches.head(of: "release/1.0.0", at: "file://" + remote.path) == head)
        #expect(try await branches.head(of: "release/2.0.0", at: remote.path) == nil)
        #expect(try await branches.head(of: "release/1.1.0", at: remote.path) == nil, "only the exact ref counts")
        await #expect(throws: GitLogError.self) { try await branches.head(of: "release/1.0.0", at: folder.appendingPathComponent("nothing.git").path) }
        await #expect(throws: GitLogError.self) { try await branches.head(of: "release/1.0.0", at: "--upload-pack=touch /tmp/x") }
        await #expect(throws: GitLogError.self) { try await branches.head(of: "release/1.0.0", at: "ext::sh -c touch% /tmp/pwned") }
    }
}
