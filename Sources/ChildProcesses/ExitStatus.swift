#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ExitStatus

/// How a process ended.
public enum ExitStatus: Sendable, Equatable, CustomStringConvertible {
    /// It called `exit` with this status.
    case exited(Int32)
    /// A signal killed it.
    case signaled(Int32)

    /// Decodes a `waitpid` status word.
    init(waitStatus raw: Int32) {
        let signal = raw & 0x7f
        if signal == 0 {
            self = .exited((raw >> 8) & 0xff)
        } else {
            self = .signaled(signal)
        }
    }

    /// The shell's convention: the exit status, or 128 + the signal number.
    public var code: Int32 {
        switch self {
        case .exited(let status): status
        case .signaled(let signal): 128 + signal
        }
    }

    /// Whether the process exited with status 0.
    public var isSuccess: Bool { self == .exited(0) }

    /// `exit 1` or `signal 15`.
    public var description: String {
        switch self {
        case .exited(let status): "exit \(status)"
        case .signaled(let signal): "signal \(signal)"
        }
    }
}

// MARK: - ProcessGroupError

/// Why a process could not be started.
public enum ProcessGroupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output pipe could not be created (errno).
    case pipeFailed(Int32)
    /// `posix_spawn` failed for this executable (errno-style code).
    case spawnFailed(String, Int32)
    /// The launch description cannot be passed to the system.
    case invalidLaunch(String)

    /// One line for logs.
    public var description: String {
        switch self {
        case .pipeFailed(let code): "could not create a pipe: \(String(cString: strerror(code)))"
        case .spawnFailed(let path, let code): "could not start \(path): \(String(cString: strerror(code)))"
        case .invalidLaunch(let message): "cannot start the command: \(message)"
        }
    }
}
