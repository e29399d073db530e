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
    /// `timeout` seconds (300: a bound for a hung process, never a measure of speed; a debug
    /// build on a loaded 2-core machine can take a minute over what takes a second alone).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], executable: String = "mobile-ops", directory: String? = nil,
        timeout: Int = 300
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
        if output.status == .exited(124) { Issue.record("\(executable) \(arguments) did not finish within \(timeout) s") }
        return Result(status: output.status.code, stdout: output.text, stderr: String(decoding: output.standardError, as: UTF8.self))
    }

    /// Runs `mobile-ops arguments…` until its standard error holds `text`, for at most `within`
    /// seconds, then stops it: for a `--follow` that must keep running. Status 124 means it
    /// was still running when stopped; otherwise it is the binary's own (it ended first). How
    /// long the text takes to appear does not matter, so a loaded machine cannot fail the run.
    static func runUntil(
        stderrHolds text: String, _ arguments: [String], environment: [String: String] = [:], within: Int = 120,
        executable: String = "mobile-ops", directory: String? = nil
    ) async throws -> Result {
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "UNTIL_TEXT": text, "UNTIL_TENTHS": String(within * 10)]
        env.merge(environment) { $1 }
        let path = binary.deletingLastPathComponent().appendingPathComponent(executable).path
        let launch = ProcessLaunch(
            executable: "/bin/sh", arguments: ["-c", Self.untilScript, path, path] + arguments,
            environment: env, workingDirectory: directory ?? FileManager.default.currentDirectoryPath
        )
        let output = try await Command.run(launch)
        return Result(status: output.status.code, stdout: output.text, stderr: String(decoding: output.standardError, as: UTF8.self))
    }

    /// `runUntil`'s shell: the binary's output goes to files the loop reads, then to its own.
    private static let untilScript = #"""
        out=$(mktemp); err=$(mktemp)
        "$@" >"$out" 2>"$err" & pid=$!
        i=0
        while kill -0 "$pid" 2>/dev/null && ! grep -qF "$UNTIL_TEXT" "$err" && [ "$i" -lt "$UNTIL_TENTHS" ]; do
            sleep 0.1; i=$((i + 1))
        done
        if kill -0 "$pid" 2>/dev/null; then kill "$pid"; wait "$pid"; status=124; else wait "$pid"; status=$?; fi
        cat "$out"; cat "$err" >&2; rm -f "$out" "$err"
        exit "$status"
        """#
}
