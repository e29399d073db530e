import ChildProcesses
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - DeviceToolRunner

/// Runs `adb` and `xcrun simctl` for device discovery: stdout and stderr apart (simctl's JSON
/// must not meet a warning on stderr), on a thread of its own, and killed after a time limit,
/// because a wedged adb server or CoreSimulator service can leave a command hanging, and the
/// agent asks with every poll. A signing job's `security` calls run through it too.
struct DeviceToolRunner: Sendable {
    /// The environment the tools run with (the agent's own).
    let environment: [String: String]
    /// How long one command may take before its process group is killed.
    let timeout: Duration

    /// The full path of `tool` on the environment's `PATH`, or nil when it is not installed.
    func locate(_ tool: String) -> String? {
        ProcessLaunch.locate(tool, searchPath: environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// What a run came to.
    enum Outcome: Sendable {
        /// It exited (with any status), and printed this.
        case finished(CommandOutput)
        /// It could not start, or was killed at the time limit: the reason.
        case failed(String)
    }

    /// Runs `executable arguments…` in `/`.
    func run(_ executable: String, _ arguments: [String]) async -> Outcome {
        await run(ProcessLaunch(executable: executable, arguments: arguments, environment: environment, workingDirectory: "/"), limit: timeout)
    }

    /// Runs `launch`, killed (its process group) after `limit` or when the calling task is
    /// cancelled; a batch on a device runs this way too. `output` gets each chunk of standard
    /// output as it arrives (on the command's thread).
    func run(_ launch: ProcessLaunch, limit: Duration, output: @escaping @Sendable ([UInt8]) -> Void = { _ in }) async -> Outcome {
        let child = RunningChild()
        let timer = Task {
            try await Task.sleep(for: limit)
            child.kill()
        }
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<CommandOutput, ProcessGroupError>, Never>) in
                let thread = Thread {
                    do throws(ProcessGroupError) {
                        let printed = try Command.run(launch, started: { pid in child.started(pid) }, standardOutput: output)
                        child.ended()
                        continuation.resume(returning: .success(printed))
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                }
                thread.name = "device-tool"
                thread.start()
            }
        } onCancel: {
            child.kill()
        }
        switch result {
        case .success(let output):
            if child.wasKilled {
                return .failed("\(([launch.executable] + launch.arguments).joined(separator: " ")) did not finish within \(limit); killed")
            }
            return .finished(output)
        case .failure(let error):
            return .failed(error.description)
        }
    }
}

// MARK: - RunningChild

/// The pid of a command while it runs (nil before and after, so a late timer never signals a
/// process group id that has since been reused), and whether the timer killed it.
private final class RunningChild: Sendable {
    private let state = Mutex<(pid: pid_t?, killed: Bool)>((nil, false))

    func started(_ pid: pid_t) {
        state.withLock { $0.pid = pid }
    }

    func ended() {
        state.withLock { $0.pid = nil }
    }

    /// SIGKILL to its process group, if it still runs.
    func kill() {
        state.withLock { state in
            guard let pid = state.pid else { return }
            state.killed = true
            killGroup(pid)
        }
    }

    var wasKilled: Bool { state.withLock { $0.killed } }
}

/// SIGKILL to the process group `pid` leads (a free function: `RunningChild.kill` hides `kill`).
private func killGroup(_ pid: pid_t) {
    _ = kill(-pid, SIGKILL)
}
