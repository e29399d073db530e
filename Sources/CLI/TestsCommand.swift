import ArgumentParser
import Core
import Foundation

/// `mobile-ops tests muted|mute|unmute`: tests whose failures do not fail a `devices:` step.
struct TestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tests",
        abstract: "Mute and unmute UI tests run on devices (docs/devices.md, Muting).",
        discussion: """
            A muted test still runs and is reported; its failure does not fail the step. A mute \
            holds in one repository's builds (--repository; without it, the builds of no \
            repository). The server mutes a test that failed and passed in one build, and \
            unmutes a muted test after 3 runs in a row that pass at their first attempt.

            Examples:
              mobile-ops tests muted
              mobile-ops tests mute 'com.acme.LoginTest#signsIn' --repository acme/android --reason 'flaky on API 30, see #123'
              mobile-ops tests unmute 'com.acme.LoginTest#signsIn' --repository acme/android
            """,
        subcommands: [Muted.self, Mute.self, Unmute.self]
    )

    /// `mobile-ops tests muted`
    struct Muted: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the muted tests (read token).", discussion: "Example:\n  mobile-ops tests muted")
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await connection.get("/api/v1/tests/muted", as: MutedList.self) { list in
                let rows = list.tests.map { test in
                    [test.repository ?? "-", test.name, test.mutedBy, Output.time(test.mutedAt), "\(test.cleanRuns)/\(MutedTest.cleanRunsToRecover)", test.reason]
                }
                Output.table(["REPOSITORY", "TEST", "BY", "SINCE", "CLEAN RUNS", "REASON"], rows, ifEmpty: "No muted tests.")
            }
        }

        struct MutedList: Decodable { var tests: [MutedTest] }
    }

    /// `mobile-ops tests mute NAME`
    struct Mute: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mute a test: its failure no longer fails a devices: step (write token).",
            discussion: "Example:\n  mobile-ops tests mute 'com.acme.LoginTest#signsIn' --repository acme/android --reason 'flaky on API 30'")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The test, as the runner names it (com.acme.LoginTest#signsIn, AppUITests/LoginTests/testSignIn).") var name: String
        @Option(help: "The repository (full name) whose builds it is muted in; without it, the builds of no repository.") var repository: String?
        @Option(help: "Why; shown with it.") var reason: String?

        func run() async throws {
            let request = Request(repository: repository, name: name, reason: reason)
            try await connection.post("/api/v1/tests/mute", request, as: MutedTest.self) { muted in
                print("Muted \(muted.name) in \(muted.repository ?? "builds of no repository"): \(muted.reason)")
            }
        }
    }

    /// `mobile-ops tests unmute NAME`
    struct Unmute: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Unmute a test: its failure fails its step again (write token).",
            discussion: "Example:\n  mobile-ops tests unmute 'com.acme.LoginTest#signsIn' --repository acme/android")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The test, as it was muted.") var name: String
        @Option(help: "The repository (full name) it is muted in; without it, the builds of no repository.") var repository: String?

        func run() async throws {
            let request = Request(repository: repository, name: name, reason: nil)
            try await connection.post("/api/v1/tests/unmute", request, as: MutedTest.self) { muted in
                print("Unmuted \(muted.name) (muted by \(muted.mutedBy): \(muted.reason)).")
            }
        }
    }

    /// The mute and unmute bodies.
    struct Request: Encodable {
        var repository: String?
        var name: String
        var reason: String?
    }
}
