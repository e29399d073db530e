import Foundation
import NIOCore
@testable import BuildCache

/// Upload bodies for the storage tests: chunks as a stream, optionally breaking off with an
/// error after them, as a client that goes away does.
enum Uploads {
    /// What a client going away throws.
    struct BrokenOff: Error {}

    /// `chunks` one after another, then `failure` if given.
    static func body(_ chunks: [String], failing failure: (any Error)? = nil) -> AsyncThrowingStream<ByteBuffer, any Error> {
        AsyncThrowingStream { continuation in
            for chunk in chunks { continuation.yield(ByteBuffer(string: chunk)) }
            continuation.finish(throwing: failure)
        }
    }

    /// A body that fails the test's expectation if anyone reads it.
    static func unreadable() -> AsyncThrowingStream<ByteBuffer, any Error> {
        AsyncThrowingStream { continuation in
            continuation.finish(throwing: ReadWhenRefused())
        }
    }

    /// Thrown by ``unreadable()``: the storage read a body it should have refused first.
    struct ReadWhenRefused: Error {}

    /// The whole entry `file` holds, read chunk by chunk as a download does.
    static func contents(of file: CacheFile) async throws -> String {
        defer { file.close() }
        var bytes = ByteBuffer()
        var offset: Int64 = 0
        while offset < file.size {
            var chunk = try await file.chunk(at: offset)
            offset += Int64(chunk.readableBytes)
            bytes.writeBuffer(&chunk)
        }
        return String(buffer: bytes)
    }

    /// A text and its lower-case hex SHA-256 (`printf hello | sha256sum`).
    static let hello = (text: "hello", sha256: "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")

    /// Files left under `folder`, relative paths, sorted.
    static func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { files.append(path) }
        }
        return files.sorted()
    }
}
