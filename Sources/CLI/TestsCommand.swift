import ArgumentParser
import Core
import Foundation

/// `mobile-ops tests muted|mute|unmute`: tests whose failures do not fail a `devices:` step.
struct TestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tests",
        abstract: "Mute and unmute UI tests run on devices (docs/devices.md, Muting).",
        discussion: """
            A muted test still runs and is reported; its failure does not fail the step. The \
            server mutes a test that failed and passed in one build, and unmutes a muted test \
            after 3 runs in a row that pass at their first attempt.

            Examples:
              mobile-ops tests muted
              mobile-ops tests mute 'com.acme.LoginTest#signsIn' --reason 'flaky on API 30, see #123'
              mobile-ops tests unmute 'com.acme.LoginTest#signsIn'
            """,
        subcommands: [Muted.self, Mute.self, Unmute.self]
    )

    /// `mobile-ops tests muted`
    struct Muted: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the muted tests (read token).", discussion: "Example:\n  mobile-ops tests muted")
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let (list, body) = try await connection.client().get("/api/v1/tests/muted", as: MutedList.self)
                if connection.json { return Output.json(body) }
                guard !list.tests.isEmpty else {
                    print("No muted tests.")
                    return
                }
                Output.table(["TEST", "BY", "SINCE", "CLEAN RUNS", "REASON"], list.tests.map { test in
                    [test.name, test.mutedBy, Output.time(test.mutedAt), "\(test.cleanRuns)/\(MutedTest.cleanRunsToRecover)", test.reason]
                })
            }
        }

        struct MutedList: Decodable { var tests: [MutedTest] }
    }

    /// `mobile-ops tests mute NAME`
    struct Mute: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mute a test: its failure no longer fails a devices: step (write token).",
            discussion: "Example:\n  mobile-ops tests mute 'com.acme.LoginTest#signsIn' --reason 'flaky on API 30'")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The test, as the runner names it (com.acme.LoginTest#signsIn, AppUITests/LoginTests/testSignIn).") var name: String
        @Option(help: "Why; shown with it.") var reason: String?

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let (muted, body) = try await connection.client().post("/api/v1/tests/mute", Request(name: name, reason: reason), as: MutedTest.self)
                if connection.json { return Output.json(body) }
                print("Muted \(muted.name): \(muted.reason)")
            }
        }
    }

    /// `mobile-ops tests unmute NAME`
    struct Unmute: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Unmute a test: its failure fails its step again (write token).",
            discussion: "Example:\n  mobile-ops tests unmute 'com.acme.LoginTest#signsIn'")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The test, as it was muted.") var name: String

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let (muted, body) = try await connection.client().post("/api/v1/tests/unmute", Request(name: name, reason: nil), as: MutedTest.self)
                if connection.json { return Output.json(body) }
                print("Unmuted \(muted.name) (muted by \(muted.mutedBy): \(muted.reason)).")
            }
        }
    }

    /// The mute and unmute bodies.
    struct Request: Encodable {
        var name: String
        var reason: String?
    }
}
