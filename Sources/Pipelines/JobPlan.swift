import Core
import MemberwiseInit

/// One job to schedule: a step, or one shard of a sharded step, with everything an agent needs.
///
/// How to run it is its `spec`, the `JobSpec` stored with the job; its fields read through
/// the plan (`plan.commands`, `plan.env`), so a field added to `JobSpec` is planned without
/// being declared twice.
@dynamicMemberLookup
@MemberwiseInit(.public)
public struct JobPlan: Sendable, Equatable, Codable {
    /// The step this job belongs to.
    public var stepKey: String
    /// The step's label, with ` (i/n)` (1-based) appended for shards.
    public var label: String
    /// 0-based shard index; 0 for an unsharded step.
    public var shardIndex: Int
    /// Number of shards of the step; 1 for an unsharded step.
    public var shardCount: Int
    /// How to run the job, as stored with it: later pipeline edits do not change it. Its env is
    /// the pipeline's, overridden by the step's, plus the `MOBILE_OPS_*` variables; a planned
    /// job always has a timeout (the step's, or its default).
    public var spec: JobSpec

    /// Variable holding the pipeline name.
    public static let pipelineVariable = "MOBILE_OPS_PIPELINE"
    /// Variable holding the step key.
    public static let stepKeyVariable = "MOBILE_OPS_STEP_KEY"

    /// A field of the spec: `plan.commands` is `plan.spec.commands`.
    public subscript<Value>(dynamicMember field: WritableKeyPath<JobSpec, Value>) -> Value {
        get { spec[keyPath: field] }
        set { spec[keyPath: field] = newValue }
    }

    // MARK: Identity

    /// Unique within a build: the step key, with `#i` (1-based) for shards.
    public var jobKey: String {
        shardCount > 1 ? "\(stepKey)#\(shardIndex + 1)" : stepKey
    }

    // MARK: Core values

    /// The job as part of a `BuildDraft`.
    public var draft: JobDraft {
        JobDraft(stepKey: stepKey, label: label, shardIndex: shardIndex, shardCount: shardCount, spec: spec)
    }
}
