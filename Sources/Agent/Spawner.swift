#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

// MARK: - Spawner

/// `posix_spawn` with the settings every agent child needs: its own process group, default
/// signal dispositions and an empty signal mask (the agent ignores SIGTERM/SIGINT to handle
/// them itself, and ignored signals would otherwise be inherited), stdin from `/dev/null`,
/// stdout and stderr into one pipe, and its own working directory.
enum Spawner {
    /// Serialises pipe creation and spawning: the pipe's ends are marked close-on-exec
    /// right after `pipe()`, and no other spawn may run in between and inherit them
    /// (a leaked write end would keep another job's output open forever).
    private static let spawnLock = Mutex(())

    /// Starts `launch` with stdout and stderr on a new pipe; returns the pid and the read end.
    static func spawnWithPipe(_ launch: ProcessLaunch) throws(ProcessGroupError) -> (pid: pid_t, readFD: Int32) {
        try self.spawnLock.withLock { _ throws(ProcessGroupError) in
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { throw .pipeFailed(errno) }
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            defer { close(fds[1]) }
            do throws(ProcessGroupError) {
                return (try self.spawn(launch, outputFD: fds[1]), fds[0])
            } catch {
                close(fds[0])
                throw error
            }
        }
    }

    /// Starts `launch` with stdout and stderr on `outputFD`; returns the child's pid.
    static func spawn(_ launch: ProcessLaunch, outputFD: Int32) throws(ProcessGroupError) -> pid_t {
        try launch.validate()

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputFD, 1)
        posix_spawn_file_actions_adddup2(&actions, outputFD, 2)

        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        // Group id 0: the child becomes the leader of a new group named by its own pid.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        )

        // `posix_spawn_file_actions_addchdir_np` is not visible to Swift's Glibc module, so
        // a tiny shell changes directory and then `exec`s the real program (same pid, so
        // the same process group).
        let changeDirectory = #"cd -- "$1" || exit 126; shift; exec "$@""#
        let words = ["/bin/sh", "-c", changeDirectory, "sh", launch.workingDirectory, launch.executable] + launch.arguments
        let argv = words.map { strdup($0) } + [nil]
        let envp = launch.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard result == 0 else { throw .spawnFailed(launch.executable, result) }
        return pid
    }
}

// MARK: - ProcessLaunch

/// What to start: an executable with arguments, environment and working directory.
public struct ProcessLaunch: Sendable, Equatable {
    /// Absolute path of the executable, e.g. `/bin/sh`.
    public var executable: String
    /// Arguments after the program name.
    public var arguments: [String]
    /// The complete environment of the child.
    public var environment: [String: String]
    /// The child's working directory; it must exist.
    public var workingDirectory: String

    /// Creates a launch description.
    public init(executable: String, arguments: [String], environment: [String: String], workingDirectory: String) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// `/bin/sh -c command`.
    public static func shell(_ command: String, environment: [String: String], workingDirectory: String) -> ProcessLaunch {
        ProcessLaunch(executable: "/bin/sh", arguments: ["-c", command], environment: environment, workingDirectory: workingDirectory)
    }

    /// Rejects what C strings cannot carry (NUL bytes) and environment names with `=`.
    func validate() throws(ProcessGroupError) {
        let strings = [self.executable, self.workingDirectory] + self.arguments
            + self.environment.keys + self.environment.values
        if strings.contains(where: { $0.utf8.contains(0) }) {
            throw .invalidLaunch("a NUL byte in the command, its arguments or its environment")
        }
        if let bad = self.environment.keys.first(where: { $0.isEmpty || $0.contains("=") }) {
            throw .invalidLaunch("environment variable name \(bad.debugDescription) is not valid")
        }
    }
}
