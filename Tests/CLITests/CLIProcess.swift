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

    /// Runs `mobile-ops arguments…` with `environment` added to a clean one, bounded to 60 s.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], executable: String = "mobile-ops", directory: String? = nil
    ) async throws -> Result {
        let process = Process()
        process.executableURL = binary.deletingLastPathComponent().appendingPathComponent(executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        env.merge(environment) { $1 }
        process.environment = env
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                Issue.record("\(executable) \(arguments) did not finish within 60 s")
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            stderr: String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        )
    }
}
