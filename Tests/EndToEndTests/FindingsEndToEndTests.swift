import Foundation
import GitHostFakes
import Testing
import TestSupport

/// Analysers' findings with real processes: a real agent runs a step whose analyser writes a
/// SARIF file, on two pushes to `main` and then on a pull request branched off the first; the
/// server compares the pull request's findings with its merge base's build, and GitHub (a strict local fake of its Checks API)
/// receives a check run annotating only the findings the pull request adds.
@Suite("End to end: a SARIF report on a pull request becomes a GitHub check run", .serialized)
struct FindingsEndToEndTests {
    static let appToken = "ghs_e2e-installation-token"

    static let pipeline = """
        name: lint
        triggers:
          push:
            branches: [main]
          pull_request:
            branches: [main]
        steps:
          - key: lint
            label: Lint
            command: sh lint.sh > build-lint.sarif
            reports: [build-lint.sarif]
            fail_on: error
            agents:
              platform: android
        """

    /// A small analyser: every `try!` is an error (`force_try`), every `TODO` a warning (`todo`),
    /// written as SARIF 2.1.0 with paths relative to the checkout and no fingerprints of its own,
    /// so MobileOps fingerprints each finding by its line and the lines around it.
    static let analyser = #"""
        #!/bin/sh
        find Sources -name '*.swift' | sort | xargs awk '
          BEGIN { printf "{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": \"MiniLint\", \"rules\": [{\"id\": \"force_try\"}, {\"id\": \"todo\"}]}}, \"results\": ["; n = 0 }
          function result(rule, level, text) {
            printf "%s{\"ruleId\": \"%s\", \"level\": \"%s\", \"message\": {\"text\": \"%s\"}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \"%s\"}, \"region\": {\"startLine\": %d}}}]}", (n++ ? ", " : ""), rule, level, text, FILENAME, FNR
          }
          /try!/ { result("force_try", "error", "Force tries should be avoided") }
          /TODO/ { result("todo", "warning", "TODOs should be resolved") }
          END { print "]}]}" }'
        """#

    /// `main`'s code: one finding of each rule.
    static let mainSource = """
        import Foundation

        struct Login {
            func token() -> String {
                // TODO: read from the keychain
                return try! String(contentsOfFile: "/tmp/token")
            }
        }
        """

    /// `main`'s code after the pull request branched off: the `TODO` resolved and a new `try!`.
    /// The pull request has not seen it, so it must not be its baseline.
    static let laterMainSource = """
        import Foundation

        struct Login {
            func token() -> String {
                return try! String(contentsOfFile: "/tmp/token")
            }

            func logout() {
                _ = try! FileManager.default.removeItem(atPath: "/tmp/token")
            }
        }
        """

    /// The pull request's code: `main`'s two findings moved down by the new lines above them,
    /// plus two new `try!` and one new `TODO`.
    static let pullRequestSource = """
        import Foundation

        struct Login {
            let session = try! Session.make()
            let cache = try! Cache.open()

            func token() -> String {
                // TODO: read from the keychain
                return try! String(contentsOfFile: "/tmp/token")
            }

            func refresh() {
                // TODO: retry with backoff
            }
        }
        """

    @Test("only the pull request's new findings are annotated, and a new error fails its step", arguments: ServerBackend.available)
    func pullRequestCheckRun(_ backend: ServerBackend) async throws {
        let github = LoopbackGitHost(FakeGitHubChecks(repository: "acme/e2e", appToken: Self.appToken))
        try await github.run { api in
            let fleet = try Fleet()
            defer { fleet.stop() }
            try await backend.prepare(fleet)
            let (repository, _) = try await fleet.makeRepository()
            _ = try await fleet.commit(file: "lint.sh", contents: Self.analyser)
            try FileManager.default.createDirectory(atPath: repository + "/Sources/App", withIntermediateDirectories: true)
            let mainSHA = try await fleet.commit(file: "Sources/App/Login.swift", contents: Self.mainSource)
            let pullRequestSHA = try await fleet.commit(file: "Sources/App/Login.swift", contents: Self.pullRequestSource, onBranch: "feature/login")
            let laterMainSHA = try await fleet.commit(file: "Sources/App/Login.swift", contents: Self.laterMainSource)
            try await fleet.startServer(pipeline: Self.pipeline, environment: [
                "MOBILE_OPS_GITHUB_API_URL": api, "MOBILE_OPS_GITHUB_TOKEN": Self.appToken, "MOBILE_OPS_PUBLIC_URL": "https://ci.example.com",
            ])
            try await fleet.call("POST", "/api/v1/repositories", json: #"{"name": "acme/e2e", "provider": "github", "cloneURL": "file://\#(repository)", "webhookSecret": "\#(Fleet.secret)"}"#)
            try fleet.startAgent("linux", tags: ["platform=android"])

            // main's first build has no baseline, so its two findings are new and its error
            // fails the step; it becomes the pull request's baseline all the same.
            let baseBuild = try #require(try await fleet.push(repository: "acme/e2e", sha: mainSHA).first)
            let base = try await fleet.waitForBuild(baseBuild) { ["passed", "failed", "canceled"].contains($0["state"] as? String ?? "") }
            let baseFindings = try await fleet.call("GET", "/api/v1/builds/\(baseBuild)/findings")
            #expect(baseFindings["total"] as? Int == 2, "\(baseFindings)")
            #expect(base["state"] as? String == "failed", "main's own force_try is new against nothing: \(base["state"] ?? "?")")

            // main moves on before the pull request is built: its newest build is not the baseline.
            let laterBuild = try #require(try await fleet.push(repository: "acme/e2e", sha: laterMainSHA).first)
            _ = try await fleet.waitForBuild(laterBuild) { ["passed", "failed", "canceled"].contains($0["state"] as? String ?? "") }

            // GitHub reports main's head as the base; the agent finds the merge base in its checkout.
            let pullRequestBuild = try #require(try await fleet.pullRequest(
                repository: "acme/e2e", number: 7, headRef: "feature/login", headSHA: pullRequestSHA, baseSHA: laterMainSHA).first)
            let finished = try await fleet.waitForBuild(pullRequestBuild) { ["passed", "failed", "canceled"].contains($0["state"] as? String ?? "") }
            #expect(finished["state"] as? String == "failed", "two new force_try errors fail the step under fail_on: error")
            let job = try #require((finished["jobs"] as? [[String: Any]])?.first?["id"] as? Int)
            let log = try await fleet.log(job: job)
            #expect(log.contains("3 new"), "\(log)")
            #expect(log.contains("the build of the merge base \(mainSHA.prefix(8))"), "\(log)")

            let compared = try await fleet.call("GET", "/api/v1/builds/\(pullRequestBuild)/findings")
            let comparedBase = compared["base"] as? [String: Any]
            #expect(comparedBase?["buildID"] as? Int == baseBuild, "the merge base's build, not main's newest (\(laterBuild)): \(compared)")
            #expect(comparedBase?["reason"] as? String == "merge_base" && comparedBase?["commit"] as? String == mainSHA, "\(compared)")
            #expect(compared["newCount"] as? Int == 3 && compared["unchanged"] as? Int == 2 && compared["fixed"] as? Int == 0, "\(compared)")

            // GitHub: one check run on the pull request's commit, annotating the three new lines only.
            let deadline = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < deadline, github.api.runs(named: "mobile-ops/lint/findings", on: pullRequestSHA).isEmpty {
                try await Task.sleep(for: .milliseconds(200))
            }
            let runs = github.api.runs(named: "mobile-ops/lint/findings", on: pullRequestSHA)
            #expect(runs.count == 1, "\(runs.count) check runs")
            let run = try #require(runs.first)
            let annotated = run.annotations.map { "\($0.level) \($0.path):\($0.startLine)" }.sorted()
            #expect(annotated == ["failure Sources/App/Login.swift:4", "failure Sources/App/Login.swift:5", "warning Sources/App/Login.swift:13"], "\(annotated)")
            #expect(run.conclusion == "failure" && run.detailsURL == "https://ci.example.com/builds/\(pullRequestBuild)")
            #expect(github.api.refusals.isEmpty, "\(github.api.refusals)")
        }
    }
}
