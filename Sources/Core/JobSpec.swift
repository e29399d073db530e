import MemberwiseInit

/// Everything an agent needs to run one job: the step's commands, where, for how long,
/// and what to do when it fails. Stored with the job so a later pipeline edit cannot
/// change a build that already started.
@MemberwiseInit(.public)
public struct JobSpec: Codable, Sendable, Equatable {
    /// Shell commands, run one after another with `/bin/sh -c`; the first failure stops the job.
    public var commands: [String]
    /// Tags an agent must have.
    public var requirements: AgentRequirements = .init()
    /// Environment for the commands (pipeline, step and shard variables merged).
    public var env: [String: String] = [:]
    /// Seconds before the step is killed; nil for no limit.
    public var timeoutSeconds: Double?
    /// When to run the job again automatically.
    public var retry: RetryPolicy = .init()
    /// Step keys whose jobs must pass first.
    public var dependsOn: [String] = []
    /// Paths (globs) to upload when the job ends.
    public var artifacts: [String] = []
    /// Impact-based UI test selection, for steps with `ui_tests:`.
    public var uiTests: UITestSelection?
    /// Dependency rules checked before the commands, for steps with `checks: deps`.
    public var checks: DependencyChecksStep?
    /// Analysers' reports read after the commands, for steps with `reports:`; nil otherwise
    /// (and in specs stored before the key existed).
    public var findings: FindingsStep?
    /// The secrets the step lists (names only), for steps with `secrets:` or `keychain:`; nil
    /// otherwise (and in specs stored before the key existed).
    public var secrets: StepSecrets?
    /// How the step's UI tests run on devices, for steps with `devices:`; nil otherwise (and
    /// in specs stored before the key existed).
    public var devices: DeviceStep?

    /// The variable in `env` holding a sharded job's 0-based index (set from the pipeline,
    /// read by the agent's UI-test planner).
    public static let shardIndexVariable = "MOBILE_OPS_SHARD_INDEX"
    /// The variable in `env` holding the number of shards of the step.
    public static let shardCountVariable = "MOBILE_OPS_SHARD_COUNT"
}

/// When a finished job is retried automatically, as a new attempt of the same step and shard.
@MemberwiseInit(.public)
public struct RetryPolicy: Codable, Sendable, Equatable {
    /// Attempts allowed after the agent is lost (heartbeat missed). On by default: an agent
    /// dying is never the change's fault.
    public var agentLost: Int = 2
    /// Exit statuses that are worth another attempt (flaky simulators, say).
    public var exitCodes: [Int32] = []
    /// Attempts allowed for those exit statuses.
    public var exitCodeLimit: Int = 0

    /// Whether a job that ended in `state` (with `exitStatus`) on attempt `attempt` runs again.
    public func retries(after state: JobState, exitStatus: Int32?, attempt: Int) -> Bool {
        switch state {
        case .lost:
            return attempt <= agentLost
        case .failed:
            guard let exitStatus, exitCodes.contains(exitStatus) else { return false }
            return attempt <= exitCodeLimit
        default:
            return false
        }
    }
}
