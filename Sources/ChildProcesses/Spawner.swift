#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

// MARK: - Spawner

/// `posix_spawn` with the settings every child needs: its own process group, default signal
/// dispositions and an empty signal mask (the agent ignores SIGTERM/SIGINT to handle them
/// itself, and ignored signals would otherwise be inherited), stdin from `/dev/null`, and its
/// own working directory.
///
/// Foundation's `Process` is not used anywhere: on Linux its `run()` lists `/proc/self/fd`
/// with a 256-byte over-read (swift-corelibs-foundation#5472) that crashes a process holding
/// about 1,360 or more descriptors, which a busy server or a test process does.
enum Spawner {
    /// Serialises pipe creation and spawning: the pipe's ends are marked close-on-exec
    /// right after `pipe()`, and no other spawn may run in between and inherit them
    /// (a leaked write end would keep another job's output open forever).
    private static let spawnLock = Mutex(())

    /// Starts `launch` with stdout and stderr on a new pipe; returns the pid and the pipe's read
    /// end.
    static func spawnWithPipe(_ launch: ProcessLaunch) throws(ProcessGroupError) -> (pid: pid_t, readFD: Int32) {
        try self.spawnLock.withLock { _ throws(ProcessGroupError) in
            let output = try self.makePipe()
            defer { close(output.write) }
            do throws(ProcessGroupError) {
                return (try self.spawn(launch, outputFD: output.write, errorFD: output.write), output.read)
            } catch {
                close(output.read)
                throw error
            }
        }
    }

    /// Starts `launch` with stdout and stderr on two new pipes; returns the pid and both read
    /// ends.
    static func spawnWithTwoPipes(_ launch: ProcessLaunch) throws(ProcessGroupError) -> (pid: pid_t, outputFD: Int32, errorFD: Int32) {
        try self.spawnLock.withLock { _ throws(ProcessGroupError) in
            let output = try self.makePipe()
            defer { close(output.write) }
            let errors: (read: Int32, write: Int32)
            do throws(ProcessGroupError) { errors = try self.makePipe() } catch {
                close(output.read)
                throw error
            }
            defer { close(errors.write) }
            do throws(ProcessGroupError) {
                let pid = try self.spawn(launch, outputFD: output.write, errorFD: errors.write)
                return (pid, output.read, errors.read)
            } catch {
                close(output.read)
                close(errors.read)
                throw error
            }
        }
    }

    #if os(Linux)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), found at run time
    /// because Swift's Glibc module does not declare it; nil on an older glibc.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
    #else
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t?>, Int32) -> Int32)? = nil
    #endif

    /// A pipe whose ends are closed on exec; call with `spawnLock` held, so no spawn in between
    /// inherits them (a leaked write end would keep another child's output open forever).
    private static func makePipe() throws(ProcessGroupError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .pipeFailed(errno) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    /// Starts `launch` with stdout on `outputFD` and stderr on `errorFD` (the same one merges
    /// them); returns the child's pid.
    static func spawn(_ launch: ProcessLaunch, outputFD: Int32, errorFD: Int32) throws(ProcessGroupError) -> pid_t {
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
        posix_spawn_file_actions_adddup2(&actions, errorFD, 2)
        // Nothing else of ours: descriptors opened without close-on-exec (by a library, say)
        // would otherwise outlive us in the child, a listening socket or a pipe's write end.
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }

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
