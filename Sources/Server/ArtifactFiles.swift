import Crypto
import Foundation
import Hummingbird
import Store

/// The folder that holds uploaded artifacts' bytes, beside the database
/// (`.mobile-ops/artifacts` by default); the store keeps what each file is.
///
/// An upload streams into `incoming/` while its size is checked and its SHA-256 computed,
/// and is moved into place only when complete, so a cut or oversized upload leaves nothing.
struct ArtifactFiles: Sendable {
    /// The folder.
    let directory: String
    /// The largest artifact accepted, in bytes.
    let limit: Int64

    /// Uses `<folder of the database>/artifacts`.
    init(configuration: ServerConfiguration) {
        let database = URL(fileURLWithPath: configuration.databasePath)
        self.directory = database.deletingLastPathComponent().appendingPathComponent("artifacts").path
        self.limit = configuration.maxArtifactSize
    }

    /// A stored upload: the file's name in the folder, its size and SHA-256.
    struct Received: Sendable {
        let storedAs: String
        let size: Int64
        let sha256: String
    }

    /// Streams `body` to a new file.
    /// - Throws: 413 past the limit; `StoreError.storageFull` (503) when the disk is full, so
    ///   an upload is refused the same way as a database write; 500 on another disk error.
    func receive(_ body: RequestBody) async throws -> Received {
        do {
            return try await store(body)
        } catch {
            let failure = StoreError(error, writing: "an artifact", folder: directory)
            throw failure.isStorageFull ? failure : error
        }
    }

    private func store(_ body: RequestBody) async throws -> Received {
        let incoming = directory + "/incoming"
        try FileManager.default.createDirectory(atPath: incoming, withIntermediateDirectories: true)
        let name = UUID().uuidString.lowercased()
        let partial = incoming + "/" + name
        guard FileManager.default.createFile(atPath: partial, contents: nil), let handle = FileHandle(forWritingAtPath: partial) else {
            throw DiskError(message: "could not create an artifact file in \(incoming)")
        }
        var hasher = SHA256()
        var size: Int64 = 0
        do {
            defer { try? handle.close() }
            for try await buffer in body {
                size += Int64(buffer.readableBytes)
                guard size <= limit else { throw APIError.payloadTooLarge(limit: Int(clamping: limit)) }
                buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
                try handle.write(contentsOf: Data(buffer.readableBytesView))
            }
            try FileManager.default.moveItem(atPath: partial, toPath: directory + "/" + name)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return Received(storedAs: name, size: size, sha256: digest)
    }

    /// The path of a stored file.
    func path(of storedAs: String) -> String {
        directory + "/" + storedAs
    }

    /// Deletes a stored file (a replaced upload, or one the store refused).
    func remove(_ storedAs: String) {
        try? FileManager.default.removeItem(atPath: path(of: storedAs))
    }

    /// A file operation failed; the error middleware logs it and answers 500.
    struct DiskError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
