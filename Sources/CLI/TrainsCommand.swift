import ArgumentParser
import Foundation

/// `mobile-ops trains list|show`.
struct TrainsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trains",
        abstract: "List and inspect release trains.",
        subcommands: [List.self, Show.self]
    )

    /// `mobile-ops trains list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the trains the server knows.")
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let (list, body) = try await connection.client().get("/api/v1/trains", as: TrainList.self)
                if connection.json { return Output.json(body) }
                Output.table(["ID", "NAME", "REPOSITORY", "PLATFORMS", "CADENCE", "NEXT START"], list.trains.map { train in
                    [
                        String(train.id), train.name, train.definition.repository, train.definition.platforms.joined(separator: ","),
                        train.definition.cadence, train.nextStart.map(Output.time) ?? "-",
                    ]
                })
            }
        }
    }

    /// `mobile-ops trains show ID|NAME`
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a train's definition.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Train id or name.") var train: String

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let (found, body) = try await connection.client().get("/api/v1/trains/\(BuildFormatting.escape(train))", as: TrainSummary.self)
                if connection.json { return Output.json(body) }
                print("Train \(found.id): \(found.name) (\(found.source))")
                print("Repository:   \(found.definition.repository)")
                print("Platforms:    \(found.definition.platforms.joined(separator: ", "))")
                print("Cadence:      \(found.definition.cadence)" + (found.nextStart.map { ", next \(Output.time($0))" } ?? ""))
                print("Branch:       \(found.definition.release_branch)")
                print("RC pipeline:  \(found.definition.rc_pipeline)")
                print("Sign-off:     \(found.definition.signoff.isEmpty ? "none" : found.definition.signoff.joined(separator: ", "))")
            }
        }
    }
}
