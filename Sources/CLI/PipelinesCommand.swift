import ArgumentParser
import Foundation
import Pipelines
import YAMLReading

/// `mobile-ops pipelines list|reload` (server) and `mobile-ops pipelines validate PATH…` (offline).
struct PipelinesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipelines",
        abstract: "List or reload the server's pipelines, or validate pipeline files offline.",
        discussion: """
            Examples:
              mobile-ops pipelines validate pipelines/
              mobile-ops pipelines reload
            """,
        subcommands: [List.self, Reload.self, Validate.self]
    )

    /// `GET /api/v1/pipelines` and the reload's answer.
    struct Listing: Decodable {
        struct Summary: Decodable { var name: String; var file: String; var steps: [String]; var priority: Int; var served: String? }
        var pipelines: [Summary]
        var diagnostics: [String]

        /// The table, then the problems on standard error; exit status 1 when there are any.
        func print() throws {
            Output.table(["NAME", "FILE", "PRIORITY", "SERVED", "STEPS"], pipelines.map {
                [$0.name, $0.file, "\($0.priority)", $0.served ?? "current", $0.steps.joined(separator: ", ")]
            })
            for problem in diagnostics { FileHandle.standardError.write(Data("problem: \(problem)\n".utf8)) }
            if !diagnostics.isEmpty { throw ExitCode(1) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the pipelines the server has loaded and the problems of its last load; exits 1 on problems.",
            discussion: "Example:\n  mobile-ops pipelines list")
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await connection.get("/api/v1/pipelines", as: Listing.self) { try $0.print() }
        }
    }

    struct Reload: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Reload the server's pipelines folder (admin token). A broken file keeps serving its last good version; exits 1 on problems.",
            discussion: "Only the server the request reaches reloads: with several servers, reload each (--server).\n\nExample:\n  mobile-ops pipelines reload")
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await connection.post("/api/v1/pipelines/reload", Empty(), as: Listing.self) { try $0.print() }
        }
    }

    /// Works without a server: the same parser and folder loader the server uses.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check pipeline files or folders offline; prints file:line:column for each problem and exits 1 on any.",
            discussion: """
                Examples:
                  mobile-ops pipelines validate pipelines/
                  mobile-ops pipelines validate pipelines/ios-pr.yml --json
                """)
        @Argument(help: "Pipeline files (.yml) or folders of them.") var paths: [String]
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            var problems: [String] = []
            var valid: [String] = []
            for path in paths {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                    problems.append("\(path): no such file or folder")
                    continue
                }
                if isFolder.boolValue {
                    // The server's own loader: it also finds two files defining one name.
                    let (catalog, diagnostics) = PipelineCatalog.load(directory: path)
                    valid += catalog.pipelines.map { "\($0.file): ok (\($0.name), \($0.jobPlans().count) jobs)" }
                    problems += diagnostics.map(\.description)
                    if catalog.pipelines.isEmpty, diagnostics.isEmpty { problems.append("\(path): no pipeline files (.yml, .yaml) in this folder") }
                    continue
                }
                switch PipelineParser.parse(contentsOf: path) {
                case let .success(pipeline):
                    valid.append("\(path): ok (\(pipeline.name), \(pipeline.jobPlans().count) jobs)")
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
