import ChildProcesses
import Foundation
import ReleaseTrain
import Testing

@Suite("Release notes from the commits and merged pull requests since the previous tag")
struct ReleaseNotesTests {
    @Test("Pull request references: merge commits and squash merges")
    func references() {
        #expect(PullRequestReference.merge("Merge pull request #123 from acme/feature-login") == 123)
        #expect(PullRequestReference.merge("Merge branch 'main'") == nil)
        #expect(PullRequestReference.squash("Add dark mode (#42)")?.number == 42)
        #expect(PullRequestReference.squash("Add dark mode (#42)")?.title == "Add dark mode")
        #expect(PullRequestReference.squash("Fix (#abc)") == nil)
    }

    @Test("Grouped Markdown from a list of commits")
    func grouping() {
        let commits = [
            GitCommit(sha: "c3", subject: "Merge pull request #7 from acme/crash", author: "Bob", body: "fix: crash on launch\n\nDetails"),
            GitCommit(sha: "c2", subject: "Merge branch 'main' into feature", author: "Bob"),
            GitCommit(sha: "c1", subject: "feat(login): passkeys (#5)", author: "Ann"),
            GitCommit(sha: "c0abcdef123", subject: "Bump build tools", author: "Cy"),
        ]
        let notes = ReleaseNotes(commits: commits)
        #expect(notes.pullRequests == [5, 7])
        #expect(notes.markdown(version: "2.5.0") == """
            ## 2.5.0

            ### Features
            - Passkeys (#5) — Ann

            ### Fixes
            - Crash on launch (#7) — Bob

            ### Other changes
            - Bump build tools (c0abcde) — Cy

            """)
        #expect(ReleaseNotes(commits: []).markdown(version: "1.0.0").contains("_No changes._"))
    }

    @Test("git log in a real repository: only commits since the previous tag, merges once")
    func realRepository() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("release-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func git(_ arguments: String...) async throws {
            let identity = ["-c", "user.name=Ann", "-c", "user.email=ann@example.com", "-c", "commit.gpgsign=false"]
            let output = try await Command.run(.command("git", identity + arguments, in: folder.path))
            #expect(output.status.isSuccess, "git \(arguments.joined(separator: " ")): \(output.errorText)")
        }
        try await git("init", "-q", "-b", "main")
        try await git("commit", "-q", "--allow-empty", "-m", "Initial commit")
        try await git("tag", "v2.4.0")
        try await git("commit", "-q", "--allow-empty", "-m", "feat: offline mode (#11)")
        try await git("checkout", "-q", "-b", "feature")
        try await git("commit", "-q", "--allow-empty", "-m", "WIP inside the pull request")
        try await git("checkout", "-q", "main")
        try await git("merge", "-q", "--no-ff", "feature", "-m", "Merge pull request #12 from acme/feature", "-m", "fix: login loop")

        let log = GitCommitLog(repository: folder)
        let commits = try await log.commits(since: "v2.4.0")
        #expect(commits.map(\.subject) == ["Merge pull request #12 from acme/feature", "feat: offline mode (#11)"])
        #expect(commits.allSatisfy { $0.author == "Ann" && $0.sha.count == 40 })
        let markdown = ReleaseNotes(commits: commits).markdown(version: "2.5.0")
        #expect(markdown.contains("- Offline mode (#11) — Ann"))
        #expect(markdown.contains("- Login loop (#12) — Ann"))
        #expect(!markdown.contains("WIP"))

        await #expect(throws: GitLogError.self) { try await log.commits(since: "--output=/tmp/x") }
        await #expect(throws: GitLogError.self) { try await log.commits(since: "no-such-tag") }
    }
}
