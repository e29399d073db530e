import ArgumentParser
import CLI
import Foundation
import Testing

/// Every command's `--help` teaches by example, and the top-level help names every exit status.
@Suite("mobile-ops --help")
struct CommandHelpTests {
    /// Every command of the tree under `command`, with its path (`builds logs`).
    static func commands(under command: any ParsableCommand.Type, path: [String] = []) -> [(path: String, type: any ParsableCommand.Type)] {
        let configuration = command.configuration
        let name = configuration.commandName ?? String(describing: command).lowercased()
        let here = path + [name]
        return [(here.joined(separator: " "), command)] + configuration.subcommands.flatMap { commands(under: $0, path: here) }
    }

    @Test("every command, group or leaf, shows at least one example in its help")
    func everyCommandHasExamples() {
        let all = Self.commands(under: MobileOpsCommand.self)
        #expect(all.count > 60, "the walk reaches every command: \(all.map(\.path))")
        // An example runs the command it is shown for (`mobile-ops builds logs 12 …` under `builds logs`).
        let without = all.filter { !$0.type.configuration.discussion.contains($0.path) }.map(\.path)
        #expect(without.isEmpty, "commands without an example of their own: \(without)")
        #expect(all.allSatisfy { $0.type.configuration.discussion.contains("Example") })
    }

    @Test("the top-level help lists every exit status, 64 included; options show each default once")
    func exitStatusesAndDefaults() async throws {
        let help = try await CLIProcess.run(["--help"])
        for status in ["0 ", "1 ", "2 ", "64 "] { #expect(help.stdout.contains("  \(status)"), "\(status)\n\(help.stdout)") }
        for command in [["artifacts", "download"], ["metrics", "regressed-tests"], ["builds", "logs"], ["builds", "trigger"], ["release", "start"]] {
            // Help wraps its lines: compare the words.
            let text = try await CLIProcess.run(command + ["--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if command == ["artifacts", "download"] { #expect(text.components(separatedBy: "3600").count == 2, "a default said twice: \(text)") }
            if command == ["metrics", "regressed-tests"] {
                #expect(text.contains("(default 3)") && text.contains("(default 20)") && text.contains("(default 0.1)"), "\(text)")
            }
            if command == ["builds", "logs"] { #expect(!text.contains("instead of a table"), "\(text)") }
            if command == ["builds", "trigger"] {
                #expect(!text.contains("empty workspace") && text.contains("the one registered repository the pipeline applies to"), "\(text)")
            }
            if command == ["release", "start"] { #expect(text.contains("calver"), "\(text)") }
        }
    }

    @Test("the server's help: --database takes a postgres:// URL; reset-admin-token lists only what it uses")
    func serverHelp() async throws {
        let serve = try await CLIProcess.run(["serve", "--help"], executable: "mobile-ops-server")
        #expect(serve.stdout.contains("postgres://"), "\(serve.stdout)")
        let reset = try await CLIProcess.run(["reset-admin-token", "--help"], executable: "mobile-ops-server")
        #expect(reset.stdout.contains("--database") && reset.stdout.contains("postgres://"), "\(reset.stdout)")
        for unused in ["--pipelines", "--port", "--host", "--admin-token", "--max-body-size", "--lease-seconds"] {
            #expect(!reset.stdout.contains(unused), "\(unused) in \(reset.stdout)")
        }
        let migrate = try await CLIProcess.run(["migrate-data", "--help"], executable: "mobile-ops-server")
        #expect(migrate.stdout.contains("artifacts"), "\(migrate.stdout)")
        let agent = try await CLIProcess.run(["--help"], executable: "mobile-ops-agent")
        #expect(agent.stdout.components(separatedBy: "25").count == 2, "the poll wait's default once: \(agent.stdout)")
    }
}
