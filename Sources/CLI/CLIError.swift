import ArgumentParser
import Foundation

/// What can go wrong in a CLI command, each with its exit status.
///
/// Exit 1: the server answered with an error (or the answer was unreadable).
/// Exit 2: the server could not be reached at all. Both print one line to stderr.
enum CLIError: Error, Sendable {
    case server(status: Int, String)
    case unreachable(String)
    case unexpectedResponse(String)
    case usage(String)

    var message: String {
        switch self {
        case let .server(status, message): "error: \(message) [HTTP \(status)]"
        case let .unreachable(message): "error: \(message)"
        case let .unexpectedResponse(message), let .usage(message): "error: \(message)"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .unreachable: ExitCode(2)
        default: ExitCode(1)
        }
    }
}

/// Runs a command body, turning `CLIError` into one stderr line and the right exit status.
@discardableResult
func reportingErrors<Result>(_ body: () async throws(CLIError) -> Result) async throws -> Result {
    do {
        return try await body()
    } catch {
        FileHandle.standardError.write(Data((error.message + "\n").utf8))
        throw error.exitCode
    }
}
