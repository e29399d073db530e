import Core

/// One job to schedule: a step, or one shard of a sharded step, with everything an agent needs.
public struct JobPlan: Sendable, Equatable, Codable {
    /// The step this job belongs to.
    public var stepKey: String
    /// The step's label, with ` (i/n)` (1-based) appended for shards.
    public var label: String
    /// 0-based shard index; 0 for an unsharded step.
    public var shardIndex: Int
    /// Number of shards of the step; 1 for an unsharded step.
    public var shardCount: Int
    /// Shell commands, run in order in one shell.
    public var commands: [String]
    /// Agent tags required: tag → acceptable values.
    public var requirements: AgentRequirements
    /// Pipeline env, overridden by step env, plus the `MOBILE_OPS_*` variables.
    public var env: [String: String]
    /// Seconds after which the job is stopped and failed.
    public var timeoutSeconds: Double
    /// Automatic retries.
    public var retry: RetryPolicy
    /// Step keys whose jobs (all shards) must succeed first.
    public var dependsOn: [String]
    /// Paths or globs uploaded when the job ends.
    public var artifacts: [String]
    /// Impact-based UI test selection, when the step has `ui_tests:`.
    public var uiTests: UITestSelection?
    /// Dependency rules checked before the commands, when the step has `checks: deps`.
    public var checks: DependencyChecksStep?
    /// Analysers' reports read after the commands, when the step has `reports:`.
    public var findings: FindingsStep?
    /// The secrets the step lists, when it has `secrets:` or `keychain:` (names only).
    public var secrets: StepSecrets?
    /// How the step's UI tests run on devices, when the step has `devices:`.
    public var devices: DeviceStep?

    /// Variable holding the pipeline name.
    public static let pipelineVariable = "MOBILE_OPS_PIPELINE"
    /// Variable holding the step key.
    public static let stepKeyVariable = "MOBILE_OPS_STEP_KEY"

    /// Creates a plan.
    public init(
        stepKey: String, label: String, shardIndex: Int, shardCount: Int, commands: [String],
        requirements: AgentRequirements, env: [String: String], timeoutSeconds: Double,
        retry: RetryPolicy, dependsOn: [String], artifacts: [String], uiTests: UITestSelection? = nil,
        checks: DependencyChecksStep? = nil, findings: FindingsStep? = nil, secrets: StepSecrets? = nil, devices: DeviceStep? = nil
    ) {
        self.stepKey = stepKey
        self.label = label
        self.shardIndex = shardIndex
        self.shardCount = shardCount
        self.commands = commands
        self.requirements = requirements
        self.env = env
        self.timeoutSeconds = timeoutSeconds
        self.retry = retry
        self.dependsOn = dependsOn
        self.artifacts = artifacts
        self.uiTests = uiTests
        self.checks = checks
        self.findings = findings
        self.secrets = secrets
        self.devices = devices
    }

    // MARK: Identity

    /// Unique within a build: the step key, with `#i` (1-based) for shards.
    public var jobKey: String {
        shardCount > 1 ? "\(stepKey)#\(shardIndex + 1)" : stepKey
    }

    // MARK: Core values

    /// How to run the job, as stored with it: later pipeline edits do not change it.
    public var spec: JobSpec {
        JobSpec(
            commands: commands, requirements: requirements, env: env, timeoutSeconds: timeoutSeconds,
            retry: retry, dependsOn: dependsOn, artifacts: artifacts, uiTests: uiTests, checks: checks,
            findings: findings, secrets: secrets, devices: devices
        )
    }

    /// The job as part of a `BuildDraft`.
    public var draft: JobDraft {
        JobDraft(stepKey: stepKey, label: label, shardIndex: shardIndex, shardCount: shardCount, spec: spec)
    }
}
