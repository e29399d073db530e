import ChildProcesses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tmpfs of a few megabytes mounted on a fresh folder, to run the server on a disk a test
/// can fill.
///
/// Mounting needs root (CI runs as root) or passwordless `sudo`. A user namespace
/// (`unshare -Urm`) is no way around it here: its mount would be visible only to processes
/// inside it, not to this test process, which fills the disk and reads the database after.
/// ``unavailableReason`` says why a machine cannot, so the test is skipped with that reason.
struct SmallFilesystem {
    /// The mount point.
    let folder: URL

    /// Mounts a tmpfs of `megabytes` on a new folder under the temp directory, owned by
    /// this process's user.
    init(megabytes: Int) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-small-fs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let options = "size=\(megabytes)m,mode=0700,uid=\(getuid()),gid=\(getgid())"
        let (status, output) = await Self.privileged(["mount", "-t", "tmpfs", "-o", options, "tmpfs", folder.path])
        guard status == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw MountError(message: "mount -t tmpfs on \(folder.path) failed (\(status)): \(output)")
        }
    }

    /// Unmounts (lazily, so a file some process still holds open cannot keep the mount)
    /// and removes the folder. Safe to call after a failed test.
    ///
    /// For a `defer`, which cannot await: the unmount runs in a task of its own.
    func remove() {
        let folder = self.folder
        Task.detached {
            _ = await Self.privileged(["umount", "-l", folder.path])
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Writes a ballast file in the folder until the file system answers ENOSPC: first in
    /// 1 MiB blocks, then in 4 KiB pages, so not one page is left. Returns the file.
    func fill() throws -> URL {
        let ballast = folder.appendingPathComponent("ballast")
        let descriptor = open(ballast.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw MountError(message: "cannot create \(ballast.path): errno \(errno)") }
        defer { close(descriptor) }
        for blockSize in [1 << 20, 4096] {
            let block = [UInt8](repeating: 0xA5, count: blockSize)
            while true {
                let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, blockSize) }
                if written > 0 { continue }
                guard written < 0, errno == ENOSPC else {
                    throw MountError(message: "writing the ballast failed with errno \(errno), not ENOSPC")
                }
                break
            }
        }
        return ballast
    }

    /// Nil when this machine can mount a tmpfs for the test, else why not.
    static func unavailableReason() async -> String? {
        do {
            (try await SmallFilesystem(megabytes: 1)).remove()
            return nil
        } catch {
            return "cannot mount a tmpfs (run the tests as root, as CI does, or with passwordless sudo): \(error)"
        }
    }

    /// Runs `command` as root: directly when this process is root, else through `sudo -n`
    /// (which fails at once instead of asking for a password). Returns the exit status and
    /// what it printed.
    private static func privileged(_ command: [String]) async -> (Int32, String) {
        let words = geteuid() == 0 ? command : ["sudo", "-n"] + command
        do {
            let output = try await Command.run(.command(words[0], Array(words.dropFirst())))
            return (output.status.code, (output.text + output.errorText).trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            return (-1, "\(error)")
        }
    }

    /// Mounting or filling failed.
    struct MountError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
