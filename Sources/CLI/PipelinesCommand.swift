import ArgumentParser
import Foundation
import Pipelines

/// `mobile-ops pipelines list` (server) and `mobile-ops pipelines validate FILE…` (offline).
struct PipelinesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipelines",
        abstract: "List the server's pipelines, or validate pipeline files offline.",
        subcommands: [List.self, Validate.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the pipelines the server has loaded.")
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let (listing, body) = try await connection.client().get("/api/v1/pipelines", as: Listing.self)
                if connection.json { return Output.json(body) }
                Output.table(["NAME", "FILE", "PRIORITY", "STEPS"], listing.pipelines.map {
                    [$0.name, $0.file, "\($0.priority)", $0.steps.joined(separator: ", ")]
                })
            }
        }

        struct Summary: Decodable { var name: String; var file: String; var steps: [String]; var priority: Int }
        struct Listing: Decodable { var pipelines: [Summary] }
    }

    /// Works without a server: the same parser the server uses.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check pipeline files; prints file:line:column for each problem.")
        @Argument(help: "Pipeline files (.yml).") var files: [String]
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            var problems: [String] = []
            var valid: [String] = []
            for file in files {
                switch PipelineParser.parse(contentsOf: file) {
                case let .success(pipeline):
                    valid.append("\(file): ok (\(pipeline.name), \(pipeline.jobPlans().count) jobs)")
                case let .failure(diagnostics):
                    problems.append(contentsOf: diagnostics.diagnostics.map(\.description))
                }
            }
            if json {
                let data = (try? JSONSerialization.data(withJSONObject: ["valid": valid, "problems": problems], options: [.prettyPrinted, .sortedKeys])) ?? Data()
                print(String(decoding: data, as: UTF8.self))
            } else {
                valid.forEach { print($0) }
                problems.forEach { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
            }
            if !problems.isEmpty { throw ExitCode(1) }
        }
    }
}
