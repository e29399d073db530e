import ChildProcesses
import Core
import Foundation

/// Runs a tool found on PATH (`git`, `swift`) and returns its standard output.
struct CommandRunner: Sendable {
    /// The PATH to search; the process environment's by default.
    let searchPath: String
    /// Stops the commands when the analysis running them is cancelled.
    let cancellation: Cancellation?

    /// A runner searching the given PATH (the process's own when nil).
    init(searchPath: String? = nil, cancellation: Cancellation? = nil) {
        self.searchPath = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        self.cancellation = cancellation
    }

    /// The full path of `tool` on PATH, or nil.
    func locate(_ tool: String) -> String? {
        ProcessLaunch.locate(tool, searchPath: searchPath)
    }

    /// Runs `tool arguments…` in `directory` and returns stdout; a non-zero exit is an error
    /// carrying the tool's stderr.
    func run(_ tool: String, _ arguments: [String], in directory: String? = nil) throws(ImpactError) -> Data {
        guard let executable = locate(tool) else { throw .toolNotFound(tool) }
        let commandLine = shown(([tool] + arguments).joined(separator: " "), arguments)
        if cancellation?.isCancelled == true {
            throw .commandFailed(command: commandLine, status: -1, stderr: "cancelled")
        }
        let output: CommandOutput
        var child: pid_t?
        defer { if let child { cancellation?.finished(child) } }
        do {
            output = try Command.run(.command(executable, arguments, in: directory)) { pid in
                child = pid
                cancellation?.started(pid)
            }
        } catch {
            throw .commandFailed(command: commandLine, status: -1, stderr: shown(error.description, arguments))
        }
        guard output.status.isSuccess else {
            throw .commandFailed(command: commandLine, status: output.status.code, stderr: shown(output.errorText, arguments))
        }
        return Data(output.standardOutput)
    }

    /// `text` with every URL among `arguments` shown with its credentials masked: a clone URL
    /// may carry a token (`https://x-access-token:TOKEN@host/…`), and these messages reach
    /// API callers who hold only a read token.
    private func shown(_ text: String, _ arguments: [String]) -> String {
        arguments.reduce(text) { text, argument in RedactedURL.masking(argument, in: text) }
    }
}
