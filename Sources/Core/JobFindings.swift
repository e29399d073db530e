/// `POST /api/v1/agent/jobs/{id}/findings` body: the findings one report of a `reports:` step
/// held, read and fingerprinted by the agent in its checkout.
///
/// The agent reads the report itself because it has the checkout: its fingerprints use the
/// flagged source lines (see the `Findings` module), which the server cannot read. The server
/// stores them for the job's build under the job's step and `source`, replacing what the same
/// step sent for that report before, and answers the comparison with the target branch.
public struct JobFindings: Codable, Sendable, Equatable {
    /// One finding, as the server stores it.
    public struct Finding: Codable, Sendable, Equatable {
        /// The analyser (`SwiftLint`, `detekt`, a SARIF run's driver name).
        public var tool: String
        /// The rule that fired.
        public var ruleID: String
        /// `error`, `warning`, `note` or `none`.
        public var level: String
        /// The tool's message.
        public var message: String
        /// The file, relative to the repository root; nil when the report names none.
        public var path: String?
        /// The 1-based line; nil when the report names none.
        public var line: Int?
        /// MobileOps' fingerprint: 64 lowercase hex digits.
        public var fingerprint: String

        /// Creates a finding.
        public init(tool: String, ruleID: String, level: String, message: String, path: String?, line: Int?, fingerprint: String) {
            self.tool = tool
            self.ruleID = ruleID
            self.level = level
            self.message = message
            self.path = path
            self.line = line
            self.fingerprint = fingerprint
        }
    }

    /// The report's path relative to the checkout (`lint/detekt.sarif`).
    public var source: String
    /// The format it was read as: `sarif`, `checkstyle`, `androidLint` or `swiftLintJSON`.
    public var format: String
    /// The step's `fail_on`: `error`, `warning` or `never`.
    public var failOn: String
    /// The findings, in report order.
    public var findings: [Finding]

    /// Creates a body.
    public init(source: String, format: String, failOn: String, findings: [Finding]) {
        self.source = source
        self.format = format
        self.failOn = failOn
        self.findings = findings
    }

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
