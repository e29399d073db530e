import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SecretsFolder

/// The folder holding one job's file secrets and its keychain: `<work>/secrets/<job id>`, mode
/// 0700 in a 0700 `secrets` folder, beside (never inside) the job's workspace and the mirrors,
/// so no checkout, artifact glob or `git clean` sees it. Made when a job with secrets starts,
/// removed when it ends however it ends, and at the agent's start for any a killed agent left.
///
/// Every method touches the disk: call them off the cooperative pool.
struct SecretsFolder: Sendable, Equatable {
    /// The folder's absolute path (`MOBILE_OPS_SECRETS_DIR`).
    let path: String

    /// The folder of job `jobID` under the agent's work directory.
    init(workDirectory: String, jobID: Int64) {
        self.path = Self.root(workDirectory: workDirectory) + "/\(jobID)"
    }

    private init(path: String) {
        self.path = path
    }

    /// `<work>/secrets`, where every job's folder is.
    static func root(workDirectory: String) -> String { workDirectory + "/secrets" }

    /// Every job's folder under `workDirectory`: at the agent's start, what a killed agent left.
    static func all(workDirectory: String) -> [SecretsFolder] {
        let root = Self.root(workDirectory: workDirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.sorted().map { SecretsFolder(path: root + "/" + $0) }
    }

    /// Whether the folder is there.
    var exists: Bool { FileManager.default.fileExists(atPath: self.path) }

    // MARK: Writing

    /// Makes the folder, empty, with mode 0700 (and its parent, 0700, when missing).
    func create() throws(Failure) {
        let root = (self.path as NSString).deletingLastPathComponent
        for folder in [root, self.path] {
            if folder == self.path { try self.remove() }
            if mkdir(folder, 0o700) != 0, errno != EEXIST { throw Failure("could not create \(folder): \(Self.errorText())") }
            // mkdir's mode passes through the umask; chmod makes it exact, and tightens a
            // parent someone made by hand.
            guard chmod(folder, 0o700) == 0 else { throw Failure("could not make \(folder) private: \(Self.errorText())") }
        }
    }

    /// Writes `bytes` to a new file `name` in the folder with mode 0600, and answers its path.
    /// Refuses to replace or follow anything already there.
    func write(_ bytes: Data, named name: String) throws(Failure) -> String {
        let file = self.path + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure("could not create \(file): \(Self.errorText())") }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else { throw Failure("could not make \(file) private: \(Self.errorText())") }
        var written = 0
        let failed: Bool = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = writeBytes(descriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                written += count
            }
            return false
        }
        if failed { throw Failure("could not write \(file): \(Self.errorText())") }
        return file
    }

    // MARK: Removing

    /// Removes the folder and everything in it; a folder already gone is fine.
    func remove() throws(Failure) {
        guard FileManager.default.fileExists(atPath: self.path) else { return }
        do { try FileManager.default.removeItem(atPath: self.path) } catch {
            throw Failure("could not remove \(self.path): \(error.localizedDescription)")
        }
    }

    /// Removes everything in the folder but `kept` (a name in it): the secrets go, the record of
    /// what is still to undo stays.
    func remove(keeping kept: String) throws(Failure) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: self.path)) ?? []
        for name in names where name != kept {
            do { try FileManager.default.removeItem(atPath: self.path + "/" + name) } catch {
                throw Failure("could not remove \(self.path)/\(name): \(error.localizedDescription)")
            }
        }
    }

    // MARK: Errors

    /// A file operation on the folder failed; the message names the path.
    struct Failure: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// write(2) (a free function: the method `SecretsFolder.write` hides it).
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
