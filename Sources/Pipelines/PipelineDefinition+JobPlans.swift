import Core

// MARK: - Expansion into jobs

extension PipelineDefinition {
    /// The jobs of one build, in step order: one per step, or one per shard of a step with
    /// `parallelism` above 1.
    ///
    /// Each job's env is the pipeline's, overridden by the step's, plus
    /// `MOBILE_OPS_SHARD_INDEX` (0-based), `MOBILE_OPS_SHARD_COUNT`, `MOBILE_OPS_PIPELINE` and
    /// `MOBILE_OPS_STEP_KEY` — set for unsharded steps too (index 0 of 1), so scripts need no
    /// special case. Build-specific variables (commit, branch) are the scheduler's to add.
    public func jobPlans() -> [JobPlan] {
        steps.flatMap { step in
            let count = max(step.parallelism, 1)
            return (0..<count).map { index in
                var env = self.env.merging(step.env) { _, stepValue in stepValue }
                env[JobSpec.shardIndexVariable] = String(index)
                env[JobSpec.shardCountVariable] = String(count)
                env[JobPlan.pipelineVariable] = name
                env[JobPlan.stepKeyVariable] = step.key
                return JobPlan(
                    stepKey: step.key,
                    label: count > 1 ? "\(step.label) (\(index + 1)/\(count))" : step.label,
                    shardIndex: index,
                    shardCount: count,
                    spec: JobSpec(
                        commands: step.commands, requirements: step.agents, env: env, timeoutSeconds: step.timeoutSeconds,
                        retry: step.retry, dependsOn: step.dependsOn, artifacts: step.artifacts, uiTests: step.uiTests,
                        checks: step.checks, findings: step.findings, secrets: step.secrets, devices: step.devices
                    )
                )
            }
        }
    }

    /// The concurrency group of a build triggered by `context` in `repository`, or `nil` when
    /// the pipeline has no `concurrency`. Manual and scheduled builds pass their branch.
    public func concurrencyGroup(for context: TriggerContext, repository: String, branch: String? = nil) -> String? {
        concurrency?.groupName(
            repository: repository,
            branch: context.branch ?? branch,
            pr: context.pullRequestNumber,
            pipeline: name
        )
    }
}
