import ArgumentParser
import Foundation

/// `mobile-ops trains list|show|create`.
struct TrainsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trains",
        abstract: "List, inspect and define release trains.",
        discussion: "Examples:\n  mobile-ops trains list\n  mobile-ops trains create pipelines/trains/mobile.yml",
        subcommands: [List.self, Show.self, Create.self]
    )

    /// `mobile-ops trains create FILE`: define (or replace) a train from its YAML file.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Define or replace a train from a train file (admin token).",
            discussion: """
                The file is sent as it is; problems come back as 'request body:line:column: message'.

                Example:
                  mobile-ops trains create pipelines/trains/mobile.yml
                """
        )
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "A train file (YAML), e.g. pipelines/trains/mobile.yml.") var file: String

        func validate() throws {
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw ValidationError("cannot read the train file '\(file)'")
            }
        }

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let text: String
                do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
                    throw CLIError.usage("cannot read \(file): \(error.localizedDescription)")
                }
                let (created, body) = try await connection.client().post("/api/v1/trains", text: text, contentType: "application/yaml", as: TrainSummary.self)
                if connection.json { return Output.json(body) }
                print("train \(created.name) (id \(created.id)) defined")
            }
        }
    }

    /// `mobile-ops trains list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the trains the server knows.", discussion: "Example:\n  mobile-ops trains list")
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
        static let configuration = CommandConfiguration(abstract: "Show a train's definition.", discussion: "Example:\n  mobile-ops trains show mobile")
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
