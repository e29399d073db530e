import Dispatch
import Foundation

/// Reads the user's files for upload, off the cooperative threads: a read blocks its thread,
/// and the CLI's HTTP client needs those threads meanwhile.
enum LocalFile {
    /// The file's bytes, or `CLIError.usage` naming the file and why it cannot be read.
    static func read(_ path: String) async throws(CLIError) -> [UInt8] {
        try await offThePool { () throws(CLIError) in
            do { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
                throw .usage("cannot read \(path): \(error.localizedDescription)")
            }
        }
    }

    /// Everything on standard input, up to its end.
    static func readStandardInput() async throws(CLIError) -> [UInt8] {
        try await offThePool { () throws(CLIError) in Array(FileHandle.standardInput.readDataToEndOfFile()) }
    }

    private static func offThePool(_ work: @escaping @Sendable () throws(CLIError) -> [UInt8]) async throws(CLIError) -> [UInt8] {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<[UInt8], CLIError>, Never>) in
            DispatchQueue.global().async { continuation.resume(returning: Result { () throws(CLIError) in try work() }) }
        }
        return try result.get()
    }
}
