import Core
import Foundation
import Pipelines
import Scheduling
import Testing
import TestSupport

/// A manual build names a pipeline; the planner refuses what the pipeline does not allow and
/// never guesses a repository among several.
@Suite("Manual builds from the planner")
struct BuildPlannerTests {
    static let pipelines = [
        "ios-pr.yml": """
        name: ios-pr
        repositories: ["acme/ios-*"]
        triggers:
          pull_request:
            branches: [main]
          manual: false
        steps:
          - key: build
            command: xcodebuild build
        """,
        "release.yml": """
        name: release
        triggers:
          manual: true
        steps:
          - key: archive
            command: ./archive.sh
        """,
    ]

    /// A planner over a folder holding ``pipelines``, removed afterwards.
    static func withPlanner(_ body: (BuildPlanner) throws -> Void) throws {
        let directory = try TemporaryDirectory("planner")
        defer { directory.remove() }
        let folder = directory.url
        for (name, text) in pipelines {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let library = PipelineLibrary(directory: folder.path)
        #expect(library.reload().isEmpty)
        try body(BuildPlanner(library: library))
    }

    static func repository(_ id: Int64, _ name: String) -> Repository {
        Repository(id: id, name: name, provider: .github, cloneURL: "https://github.com/\(name).git", defaultBranch: "main", createdAt: Date(timeIntervalSince1970: 0))
    }

    static func refusal(_ body: () throws -> Void) -> ServiceError? {
        do { try body() } catch let error as ServiceError { return error } catch { return nil }
        return nil
    }

    @Test("unknown pipelines, pipelines without manual runs and other repositories' pipelines are refused with their codes")
    func refusals() throws {
        try Self.withPlanner { planner in
            let ios = Self.repository(1, "acme/ios-app")
            let android = Self.repository(2, "acme/android-app")
            let sha = String(repeating: "a", count: 40)
            let unknown = Self.refusal { _ = try planner.manualDraft(pipeline: "nope", repository: ios, branch: "main", commitSHA: sha, env: [:], author: "dev") }
            #expect(unknown?.kind == .notFound)
            #expect(unknown?.message.contains("ios-pr, release") == true)
            let notManual = Self.refusal { _ = try planner.manualDraft(pipeline: "ios-pr", repository: ios, branch: "main", commitSHA: sha, env: [:], author: "dev") }
            #expect(notManual?.code == "manual_not_allowed")
            let elsewhere = Self.refusal { _ = try planner.manualDraft(pipeline: "ios-pr", repository: android, branch: "main", commitSHA: sha, env: [:], author: "dev") }
            #expect(elsewhere?.code == "pipeline_not_applicable")
            let draft = try planner.manualDraft(pipeline: "release", repository: ios, branch: "main", commitSHA: sha, env: ["X": "1"], author: "dev")
            #expect(draft.pipeline == "release")
        }
    }

    @Test("without a named repository, the one it applies to is chosen; none or several are the caller's choice")
    func repositoryChoice() throws {
        try Self.withPlanner { planner in
            let ios = Self.repository(1, "acme/ios-app")
            let iosBeta = Self.repository(3, "acme/ios-beta")
            let android = Self.repository(2, "acme/android-app")
            let chosen = try planner.repositoryForManualBuild(pipeline: "ios-pr", among: [ios, android])
            #expect(chosen == ios)
            let several = Self.refusal { _ = try planner.repositoryForManualBuild(pipeline: "ios-pr", among: [ios, iosBeta, android]) }
            #expect(several?.code == "repository_required")
            #expect(several?.message.contains("acme/ios-app, acme/ios-beta") == true)
            let none = Self.refusal { _ = try planner.repositoryForManualBuild(pipeline: "ios-pr", among: [android]) }
            #expect(none?.code == "repository_required")
        }
    }
}
