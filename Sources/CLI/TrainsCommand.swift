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
                The file is sent as it is; problems come back as 'FILE:line:column: message', \
                among them a repository the server has not registered and an rc_pipeline it has not loaded.

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
                // The server names the file in its problems as the user typed it.
                let path = "/api/v1/trains?file=\(BuildFormatting.escape(file))"
                let (created, body) = try await connection.client().post(path, text: text, contentType: "application/yaml", as: TrainSummary.self)
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
            try await connection.get("/api/v1/trains", as: TrainList.self) { list in
                Output.table(["ID", "NAME", "REPOSITORY", "PLATFORMS", "CADENCE", "NEXT START", "PROBLEMS"], list.trains.map { train in
                    [
                        String(train.id), train.name, train.definition.repository, train.definition.platforms.joined(separator: ","),
                        train.definition.cadence, train.nextStart.map(Output.time) ?? "-", String((train.problems ?? []).count),
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
            try await connection.get("/api/v1/trains/\(BuildFormatting.escape(train))", as: TrainSummary.self) { found in
                TrainFormatting.printDetail(found)
            }
        }
    }
}
