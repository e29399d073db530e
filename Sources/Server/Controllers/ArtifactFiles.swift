import Artifacts
import Crypto
import Foundation
import Hummingbird
import NIOCore
import Store

/// Receives uploaded artifacts' bytes and hands them to the `ArtifactStorage` (a folder or
/// an S3 bucket, see `ArtifactLocation`); the store keeps what each file is. The HTTP side
/// of the `Artifacts` module: request bodies in, response bodies out.
///
/// An upload streams into the storage's staging folder while its size is checked and its
/// SHA-256 computed, and is handed over only when complete, so a cut or oversized upload
/// leaves nothing behind.
struct ArtifactFiles: Sendable {
    /// Where the bytes are kept.
    let storage: any ArtifactStorage
    /// The largest artifact accepted, in bytes.
    let limit: Int64

    /// Keeps artifacts in `storage`, up to the configured size.
    init(storage: any ArtifactStorage, configuration: ServerConfiguration) {
        self.storage = storage
        self.limit = configuration.maxArtifactSize
    }

    /// A stored upload: the name it is kept under, its size and SHA-256.
    struct Received: Sendable {
        /// The name in the storage (a UUID: replicas never pick the same one).
        let storedAs: String
        /// Its size in bytes.
        let size: Int64
        /// Its SHA-256, lower-case hex.
        let sha256: String
    }

    /// Streams `body` to a staged file, then hands it to the storage.
    /// - Throws: 413 past the limit; `StoreError.storageFull` (503) when the staging disk is
    ///   full, so an upload is refused the same way as a database write; 500 on another disk
    ///   error; `ArtifactStorageError.unavailable` when the storage cannot take it.
    func receive(_ body: RequestBody) async throws -> Received {
        let staged: (path: String, received: Received)
        do {
            staged = try await self.stage(body)
        } catch {
            let failure = StoreError(error, writing: "an artifact", folder: self.storage.stagingFolder)
            throw failure.isStorageFull ? failure : error
        }
        try await self.storage.save(staged: staged.path, as: staged.received.storedAs, size: staged.received.size, sha256: staged.received.sha256)
        return staged.received
    }

    /// Writes `body` to a new file in the staging folder, checking the size and hashing as it goes.
    private func stage(_ body: RequestBody) async throws -> (path: String, received: Received) {
        let incoming = self.storage.stagingFolder
        try self.storage.prepareStaging()
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
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return (partial, Received(storedAs: name, size: size, sha256: digest))
    }

    /// The kept bytes of `storedAs` as a response body read while it is sent, at the client's pace.
    func body(of storedAs: String, size: Int64, on eventLoop: any EventLoop) async throws(ArtifactStorageError) -> ResponseBody {
        .streaming(try await self.storage.stream(of: storedAs, size: size), on: eventLoop)
    }

    /// Deletes kept bytes (a replaced upload, or one the store refused).
    func remove(_ storedAs: String) async {
        await self.storage.remove(storedAs)
    }

    /// A file operation failed; the error middleware logs it and answers 500.
    struct DiskError: Error, CustomStringConvertible {
        /// What failed.
        let message: String
        /// The message.
        var description: String { message }
    }
}
