import Foundation
import Logging
import NIOCore

/// Artifacts as files in one folder: beside the database by default (`artifacts/`), or any
/// folder `MOBILE_OPS_ARTIFACTS` names, such as a network volume every replica mounts.
///
/// Uploads are staged in `incoming/` inside the same folder, so handing one over is a
/// rename on one filesystem: a reader on any replica sees the whole file or none of it.
struct FolderArtifactStorage: ArtifactStorage {
    /// The folder.
    let directory: String
    /// Whether the folder is created when missing: the default one beside the database is;
    /// a named one is not, since a missing volume folder usually means an unmounted volume,
    /// and creating it would put artifacts on the local disk where no other server sees them.
    let createsFolder: Bool
    /// Where failed deletions are reported.
    let logger: Logger

    /// `incoming/` inside the folder (see the type's comment for why there).
    var stagingFolder: String {
        self.directory + "/incoming"
    }

    /// Creates `incoming/`, and the folder itself when it may.
    /// - Throws: ``ArtifactStorageError/unavailable(_:)`` when a named folder is not there.
    func prepareStaging() throws {
        guard self.createsFolder || self.folderExists else {
            throw ArtifactStorageError.unavailable("the artifact folder \(self.directory) does not exist (is its volume mounted?)")
        }
        try FileManager.default.createDirectory(atPath: self.stagingFolder, withIntermediateDirectories: true)
    }

    /// Whether the folder is there (and is a folder).
    private var folderExists: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: self.directory, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// For logs: which folder.
    var description: String {
        "folder \(self.directory)"
    }

    /// The path of a kept file.
    func path(of name: String) -> String {
        self.directory + "/" + name
    }

    /// Renames the staged file into the folder.
    func save(staged path: String, as name: String, size: Int64, sha256: String) async throws(ArtifactStorageError) {
        do {
            try FileManager.default.moveItem(atPath: path, toPath: self.path(of: name))
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw .unavailable("cannot move the upload into the artifact folder \(self.directory): \(error.localizedDescription)")
        }
    }

    /// The file, read and sent in 64 KiB chunks.
    func stream(of name: String, size: Int64) async throws(ArtifactStorageError) -> ArtifactStream {
        guard let handle = FileHandle(forReadingAtPath: self.path(of: name)) else {
            // A folder that is there without the file lost one artifact. A named folder that
            // is not there is an unmounted volume, which may come back; the default folder
            // beside the database that is not there was never restored (a database restored
            // from a backup without its artifacts): retrying would never help.
            guard self.folderExists || self.createsFolder else {
                throw .unavailable("the artifact folder \(self.directory) cannot be read")
            }
            let folder = self.folderExists ? "the artifact folder" : "the artifact folder, which is not there (restore artifacts/ beside the database)"
            throw .missing("its file \(name) is missing from \(folder)")
        }
        return ArtifactStream(size: size) { write in
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
                try await write(ByteBuffer(bytes: chunk))
            }
        }
    }

    /// Deletes the file; one already gone is fine.
    func remove(_ name: String) async {
        let path = self.path(of: name)
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            guard FileManager.default.fileExists(atPath: path) else { return }
            self.logger.warning("could not delete an artifact file", metadata: ["path": "\(path)", "error": "\(error.localizedDescription)"])
        }
    }
}
