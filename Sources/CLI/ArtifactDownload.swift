import Crypto
import Foundation
import HTTPClient

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One artifact's body on its way from the server to a file or standard output, streamed:
/// the CLI holds one piece at a time (curl pauses beyond about a megabyte), so a
/// multi-gigabyte artifact needs no more memory than a small one.
///
/// Every byte is counted and hashed as it passes, and checked against the size
/// (`Content-Length`) and SHA-256 (`X-Artifact-SHA256`) the server announced. A file is
/// written beside its target under a temporary name and renamed over the target only once
/// complete and checked, so a failed download leaves no partial file and an older file of
/// that name as it was.
struct ArtifactDownload {
    /// The artifact's id, for messages.
    let id: Int64
    /// The server's answer, its body still arriving.
    let response: HTTPStreamedResponse

    /// What was written.
    struct Written {
        /// Bytes received.
        var size: Int64
        /// Their SHA-256, lower-case hex.
        var sha256: String
    }

    /// Streams the body into `target`, through a temporary file in the same folder.
    func write(toFile target: String) async throws(CLIError) -> Written {
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(UUID().uuidString).part"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            self.response.body.cancel()
            throw CLIError.usage("cannot write \(target): cannot create a file in \(folder.isEmpty ? "this folder" : folder)")
        }
        let written: Written
        do {
            defer { try? handle.close() }
            written = try await self.copy { piece throws(CLIError) in
                do { try handle.write(contentsOf: piece) } catch {
                    throw CLIError.usage("cannot write \(target): \(error.localizedDescription)")
                }
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        // rename(2) replaces the target at once: readers see the old file or the new one whole.
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw CLIError.usage("cannot write \(target): \(reason)")
        }
        return written
    }

    /// Streams the body to standard output. Bytes already written cannot be taken back, so a
    /// failure or a mismatch is reported after them (exit status 1 or 2).
    func writeToStandardOutput() async throws(CLIError) -> Written {
        try await self.copy { piece throws(CLIError) in
            do { try FileHandle.standardOutput.write(contentsOf: piece) } catch {
                throw CLIError.usage("cannot write to standard output: \(error.localizedDescription)")
            }
        }
    }

    /// Reads the body to its end, handing each piece to `sink`, then checks what arrived
    /// against what the server announced.
    private func copy(into sink: ([UInt8]) throws(CLIError) -> Void) async throws(CLIError) -> Written {
        var hasher = SHA256()
        var size: Int64 = 0
        do {
            while let piece = try await self.response.body.next() {
                hasher.update(data: piece)
                size += Int64(piece.count)
                try sink(piece)
            }
        } catch let error as CLIError {
            self.response.body.cancel()
            throw error
        } catch {
            throw CLIError.unreachable("the download of artifact \(self.id) broke off after \(size) bytes: \(error)")
        }
        let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        if let announced = self.response.header("Content-Length").flatMap({ Int64($0) }), announced != size {
            throw CLIError.unexpectedResponse("artifact \(self.id): received \(size) bytes, the server announced \(announced)")
        }
        if let announced = self.response.header("X-Artifact-SHA256")?.lowercased(), announced != digest {
            throw CLIError.unexpectedResponse("artifact \(self.id): the bytes received have SHA-256 \(digest), the server recorded \(announced)")
        }
        return Written(size: size, sha256: digest)
    }
}
