import MemberwiseInit

// MARK: - HostCommit

/// One commit as the host's compare API describes it.
@MemberwiseInit(.public)
public struct HostCommit: Sendable, Equatable {
    /// The full commit hash.
    public var sha: String
    /// The whole message: subject line, then the body.
    public var message: String
    /// The author's login, else their name, else `unknown`.
    public var author: String
}
