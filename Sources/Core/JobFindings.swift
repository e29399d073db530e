import MemberwiseInit

/// `POST /api/v1/agent/jobs/{id}/findings` body: the findings one report of a `reports:` step
/// held, read and fingerprinted by the agent in its checkout.
///
/// The agent reads the report itself because it has the checkout: its fingerprints use the
/// flagged source lines (see the `Findings` module), which the server cannot read. The server
/// stores them for the job's build under the job's step and `source`, replacing what the same
/// step sent for that report before, and answers the comparison with the target branch.
@MemberwiseInit(.public)
public struct JobFindings: Codable, Sendable, Equatable {
    /// The report's path relative to the checkout (`lint/detekt.sarif`).
    public var source: String
    /// The format it was read as: `sarif`, `checkstyle`, `androidLint` or `swiftLintJSON`.
    public var format: String
    /// The step's `fail_on`: `error`, `warning` or `never`.
    public var failOn: String
    /// The findings, in report order.
    public var findings: [StoredFinding]
    /// On a pull request build, where its code left the target branch: the findings are
    /// compared with that commit's build. Absent from agents that predate it, and when the
    /// agent could not tell (then the server says which build it compared with instead).
    public var mergeBase: MergeBase?

    // MARK: Limits, shared by the agent (which clips or refuses) and the server (which checks)

    /// The largest body the route reads, in bytes.
    public static let bodyLimit = 32 << 20
    /// The most findings one report may send.
    public static let maximumFindings = 100_000
    /// The longest `source`, in characters.
    public static let maximumSourceLength = 1_024
    /// The longest `tool` and `ruleID`, in characters.
    public static let maximumNameLength = 256
    /// The longest `message`, in characters; the agent shortens longer ones.
    public static let maximumMessageLength = 8_192
    /// The longest `path`, in characters.
    public static let maximumPathLength = 4_096
}
