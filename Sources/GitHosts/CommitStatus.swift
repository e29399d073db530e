import Core
import MemberwiseInit

// MARK: - CommitStatus

/// A build's state as one provider-neutral commit status, ready to be shaped into a
/// GitHub, GitLab or Bitbucket request by ``GitHostClient/postStatus(_:repository:)``.
@MemberwiseInit(.public)
public struct CommitStatus: Sendable, Equatable {
    /// The build.
    public var buildID: Int64
    /// Its number in the repository.
    public var number: Int
    /// Its pipeline; names the status so each pipeline keeps its own check.
    public var pipeline: String
    /// The commit the status is about (validated hex).
    public var commitSHA: String
    /// The state to report.
    public var state: BuildState
    /// The page to link, when the server's public URL is known.
    public var targetURL: String?

    /// `mobile-ops/<pipeline>`: the check's name on every provider.
    public var context: String { "mobile-ops/\(pipeline)" }

    /// One short sentence (GitHub allows 140 characters): `Build 7 (#6) passed`.
    ///
    /// The build is named by its id, as the linked page `/builds/7` and the CLI name it; `#6`,
    /// its number in the repository, follows in brackets.
    public var summary: String {
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
    public static func isValidSHA(_ sha: String) -> Bool {
        (7...64).contains(sha.utf8.count) && sha.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}

// MARK: - CommitStatusError

/// Why a request cannot be built at all (a repository name the host cannot have, a body
/// that does not encode); retrying the same message would fail the same way.
struct CommitStatusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for `lastError`.
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
