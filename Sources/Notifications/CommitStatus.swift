import Core
import Foundation

// MARK: - CommitStatus

/// A build's state as one provider-neutral commit status, ready to be shaped into a
/// GitHub, GitLab or Bitbucket request.
struct CommitStatus: Sendable, Equatable {
    /// The build.
    var buildID: Int64
    /// Its number in the repository.
    var number: Int
    /// Its pipeline; names the status so each pipeline keeps its own check.
    var pipeline: String
    /// The commit the status is about (validated hex).
    var commitSHA: String
    /// The state to report.
    var state: BuildState
    /// The page to link, when the server's public URL is known.
    var targetURL: String?

    /// `mobile-ops/<pipeline>`: the check's name on every provider.
    var context: String { "mobile-ops/\(pipeline)" }

    /// One short sentence (GitHub allows 140 characters): `Build 7 (#6) passed`.
    ///
    /// The build is named by its id, as the linked page `/builds/7` and the CLI name it; `#6`,
    /// its number in the repository, follows in brackets.
    var summary: String {
        let build = "Build \(buildID) (#\(number))"
        let text = switch state {
        case .pending: "\(build) is queued"
        case .running: "\(build) is running"
        case .passed: "\(build) passed"
        case .failed: "\(build) failed"
        case .canceled: "\(build) was canceled"
        }
        return String(text.prefix(140))
    }

    // MARK: Validation

    /// Whether `sha` looks like a git object id; anything else would only earn a 4xx.
    static func isValidSHA(_ sha: String) -> Bool {
        (7...64).contains(sha.utf8.count) && sha.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }

    /// The `/`-separated parts of a repository's full name, or nil when one is empty or the
    /// count is outside `allowed` (GitLab allows nested groups, the others exactly two).
    static func nameParts(_ name: String, allowed: ClosedRange<Int>) -> [String]? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard allowed.contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            return nil
        }
        return parts
    }

    // MARK: Encoding

    /// Percent-encodes everything but RFC 3986 unreserved characters, so a name can never
    /// add path segments or a query (GitLab's `group/project` becomes `group%2Fproject`).
    static func pathSegment(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    /// Compact JSON with sorted keys (stable bodies make fakes and logs easy to compare).
    static func jsonBody(_ value: some Encodable) throws(CommitStatusError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            throw CommitStatusError("cannot encode the status body: \(error)")
        }
    }
}

// MARK: - CommitStatusError

/// Why a status cannot be sent at all; retrying the same message would fail the same way.
struct CommitStatusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for `lastError`.
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
