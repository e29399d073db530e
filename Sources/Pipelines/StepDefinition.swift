import Core

/// One step of a pipeline: commands that run on one agent, possibly split into shards.
///
/// Every field mirrors a key of a step in the file; see `pipelines/README.md`.
public struct StepDefinition: Sendable, Equatable, Codable {
    /// Unique within the pipeline, `[a-z0-9_-]`; what `depends_on` refers to.
    public var key: String
    /// Human-readable name; the key when the file gives none.
    public var label: String
    /// Shell commands, run in order in one shell; the first failure fails the step.
    public var commands: [String]
    /// Agent tags the step needs: tag → acceptable values (any one will do), compared as strings.
    public var agents: AgentRequirements
    /// Time after which a job is stopped and failed, in seconds.
    public var timeoutSeconds: Double
    /// Automatic retries; by default two after agent loss, none for exit codes.
    public var retry: RetryPolicy
    /// Keys of steps that must succeed before this one starts.
    public var dependsOn: [String]
    /// Number of shards, each a job of its own. 1 when not sharded.
    public var parallelism: Int
    /// Paths or globs, relative to the checkout, uploaded when a job ends.
    public var artifacts: [String]
    /// Variables for this step only; they override the pipeline's.
    public var env: [String: String]
    /// `ui_tests:`: run only the UI suites the change can break (see `UITestSelection`).
    public var uiTests: UITestSelection?
    /// `checks: deps`: dependency rules checked in the checkout before the commands.
    public var checks: DependencyChecksStep?
    /// `reports:` and `fail_on:`: analysers' reports read after the commands.
    public var findings: FindingsStep?
    /// `secrets:` and `keychain:`: the secrets the step's jobs may receive (names only).
    public var secrets: StepSecrets?
    /// `devices:` with `run:` or `runner:`: the UI tests run batch by batch on devices.
    public var devices: DeviceStep?

    /// Timeout of a step that names none: one hour.
    public static let defaultTimeoutSeconds: Double = 3600
    /// Most shards a step may ask for; a typo like `parallelism: 400` should not flood the queue.
    public static let maximumParallelism = 64

    /// Creates a step; defaults are those of a step that only gives `key` and `command`.
    public init(
        key: String,
        label: String? = nil,
        commands: [String],
        agents: AgentRequirements = AgentRequirements(),
        timeoutSeconds: Double = StepDefinition.defaultTimeoutSeconds,
        retry: RetryPolicy = RetryPolicy(),
        dependsOn: [String] = [],
        parallelism: Int = 1,
        artifacts: [String] = [],
        env: [String: String] = [:],
        uiTests: UITestSelection? = nil,
        checks: DependencyChecksStep? = nil,
        findings: FindingsStep? = nil,
        secrets: StepSecrets? = nil,
        devices: DeviceStep? = nil
    ) {
        self.key = key
        self.label = label ?? key
        self.commands = commands
        self.agents = agents
        self.timeoutSeconds = timeoutSeconds
        self.retry = retry
        self.dependsOn = dependsOn
        self.parallelism = parallelism
        self.artifacts = artifacts
        self.env = env
        self.uiTests = uiTests
        self.checks = checks
        self.findings = findings
        self.secrets = secrets
        self.devices = devices
    }
}
