import ArgumentParser
import Foundation

/// `mobile-ops release list|status|start|approve|advance|halt|resume|hotfix|cancel|fail`
/// (`releases` and `show` work too).
struct ReleasesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Run the release train: start releases, sign off, advance, halt, resume, hotfix, cancel, fail.",
        discussion: """
            Examples:
              mobile-ops release start mobile
              mobile-ops release status 7
              mobile-ops release approve 7 --gate qa
            """,
        subcommands: [
            List.self, Show.self, Start.self, Approve.self, Advance.self, Halt.self, Resume.self, Hotfix.self, Cancel.self, Fail.self,
            ReleaseNotesCommand.self, ReleaseHealthCommand.self, ReleaseStoreCommand.self,
        ],
        aliases: ["releases"]
    )

    /// `mobile-ops releases list [--train T] [--state S] [--limit N]`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List releases, newest first.", discussion: "Example:\n  mobile-ops release list --train mobile --state rolling_out")
        @OptionGroup var connection: ConnectionOptions
        @Option(help: "Train id or name.") var train: String?
        @Option(help: "Only releases in this state, e.g. rolling_out.") var state: String?
        @Option(help: "How many (1-500).") var limit = 20

        func run() async throws {
            let query = MetricsFormatting.query([("limit", String(limit)), ("train", train), ("state", state)])
            try await connection.get("/api/v1/releases" + query, as: ReleaseList.self) { list in
                Output.table(["ID", "TRAIN", "VERSION", "KIND", "STATE", "ROLLOUT", "BRANCH", "CREATED"], list.releases.map(ReleaseFormatting.row))
            }
        }
    }

    /// `mobile-ops releases show ID`
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Show a release, what it waits for, and its audit trail.",
            discussion: "Example:\n  mobile-ops release status 7", aliases: ["show"]
        )
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Release id.") var id: Int64

        func run() async throws {
            try await connection.get("/api/v1/releases/\(id)", as: ReleaseSummary.self) { release in
                ReleaseFormatting.printDetail(release)
            }
        }
    }

    /// `mobile-ops releases start TRAIN`
    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a release of a train now (write token).",
            discussion: "Examples:\n  mobile-ops release start mobile\n  mobile-ops release start mobile --version 2.4.0")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Train id or name.") var train: String
        @Option(name: .customLong("version"), help: "Release this version instead of the one the train derives, in the train's scheme (semver 2.4.0, or calver such as 2026.48.1).")
        var releaseVersion: String?

        func run() async throws {
            struct Body: Encodable { var train: String; var version: String? }
            try await connection.post("/api/v1/releases", Body(train: train, version: releaseVersion), as: ReleaseSummary.self) { release in
                print("Started release \(release.id): \(release.train) \(release.version) on \(release.branch).")
            }
        }
    }

    /// `mobile-ops releases approve ID --gate G`
    struct Approve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sign off a gate of a release (write token).", discussion: "Example:\n  mobile-ops release approve 7 --gate qa")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Release id.") var id: Int64
        @Option(help: "The sign-off gate, e.g. qa.") var gate: String

        func run() async throws {
            struct Body: Encodable { var gate: String }
            try await act(connection, id, "approve", Body(gate: gate))
        }
    }

    /// `mobile-ops releases advance ID`
    struct Advance: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take the release's next forward step now (write token).", discussion: "Example:\n  mobile-ops release advance 7")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Release id.") var id: Int64

        func run() async throws { try await act(connection, id, "advance", Empty()) }
    }

    /// `mobile-ops releases halt ID --reason R`
    struct Halt: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Halt a release (write token); a rollout stops on the stores.",
            discussion: "Example:\n  mobile-ops release halt 7 --reason \"crash spike in checkout\"")
        @OptionGroup var connection: ConnectionOptions
        @OptionGroup var release: Reason

        func run() async throws { try await act(connection, release.id, "halt", release.body) }
    }

    /// `mobile-ops releases resume ID`
    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Resume a halted release where it stopped (write token).", discussion: "Example:\n  mobile-ops release resume 7")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Release id.") var id: Int64

        func run() async throws { try await act(connection, id, "resume", Empty()) }
    }

    /// `mobile-ops releases hotfix ID`
    struct Hotfix: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a hotfix on top of a released version (write token).", discussion: "Example:\n  mobile-ops release hotfix 7")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Id of the released release.") var id: Int64

        func run() async throws { try await act(connection, id, "hotfix", Empty()) }
    }

    /// `mobile-ops releases cancel ID [--reason R]`
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Call a release off before it reaches users (write token).",
            discussion: "Example:\n  mobile-ops release cancel 7 --reason superseded")
        @OptionGroup var connection: ConnectionOptions
        @OptionGroup var release: Reason

        func run() async throws { try await act(connection, release.id, "cancel", release.body) }
    }

    /// `mobile-ops releases fail ID [--reason R]`
    struct Fail: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a release up, also once users have it (a rollout stops on the stores).",
            discussion: """
                cancel calls a release off before users have it; fail gives one up in any unfinished
                state, also while it rolls out.

                Example:
                  mobile-ops release fail 7 --reason "crash on start in 2.4.0"
                """
        )
        @OptionGroup var connection: ConnectionOptions
        @OptionGroup var release: Reason

        func run() async throws { try await act(connection, release.id, "fail", release.body) }
    }
}

extension ReleasesCommand {
    /// The release a halt, cancel or fail is for, and why; the action's body is `{"reason": …}`.
    struct Reason: ParsableArguments {
        @Argument(help: "Release id.") var id: Int64
        @Option(help: "Why; recorded in the audit trail.") var reason: String?

        /// The action's body; the id goes in the path.
        var body: Body { Body(reason: reason) }

        /// `{"reason": …}`, empty without one.
        struct Body: Encodable { var reason: String? }
    }
}

/// `POST /api/v1/releases/{id}/{action}` and the one-line answer (or the JSON).
private func act(_ connection: ConnectionOptions, _ id: Int64, _ action: String, _ payload: some Encodable) async throws {
    try await connection.post("/api/v1/releases/\(id)/\(action)", payload, as: ReleaseSummary.self) { release in
        let next = release.allowedActions.isEmpty ? "" : "; next: \(release.allowedActions.joined(separator: ", "))"
        print("Release \(release.id) (\(release.train) \(release.version)) is \(release.state)\(next).")
    }
}
