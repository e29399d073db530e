import ChildProcesses
import Foundation
import Testing

/// Runs the built `mobile-ops` binary as a child process and captures what it prints.
struct CLIProcess {
    /// What one run produced.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary beside the test bundle in the build folder.
    static var binary: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the test binary sits inside Foo.xctest/Contents/MacOS.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("mobile-ops")
    }

    /// Runs `mobile-ops arguments…` with `environment` added to a clean one, bounded to
    /// `timeout` seconds (60); `expectTimeout` for a run meant to be stopped so (`--follow`).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], executable: String = "mobile-ops", directory: String? = nil,
        timeout: Int = 60, expectTimeout: Bool = false
    ) async throws -> Result {
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        env.merge(environment) { $1 }
        // coreutils' `timeout` bounds the run: it kills the binary after `timeout` s and exits 124.
        let path = binary.deletingLastPathComponent().appendingPathComponent(executable).path
        let launch = ProcessLaunch(
            executable: "/usr/bin/timeout", arguments: [String(timeout), path] + arguments,
            environment: env, workingDirectory: directory ?? FileManager.default.currentDirectoryPath
        )
        let output = try await Command.run(launch)
        if output.status == .exited(124), !expectTimeout { Issue.record("\(executable) \(arguments) did not finish within \(timeout) s") }
        return Result(status: output.status.code, stdout: output.text, stderr: String(decoding: output.standardError, as: UTF8.self))
    }
}
