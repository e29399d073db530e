import Core
import Devices
import MemberwiseInit

/// When an agent that found no job joins a running `devices:` step with a job of its own, made
/// for it there and then: the step's queue then reaches free devices on any agent, not only on
/// the agents its `parallelism` jobs happened to go to. Decided alike by every backend, in
/// the claiming transaction, after the agent was offered no queued job (queued work keeps its
/// turn).
package enum DeviceRunJoining {
    /// One job of the step, as the rule sees it.
    @MemberwiseInit(.package)
    package struct StepJob: Equatable {
        /// The agent holding it, if any.
        package var agentID: Int64?
        /// Its state.
        package var state: JobState
        /// Whether someone asked for it to stop (its build is being canceled).
        package var cancelRequested: Bool = false
    }

    /// A device an agent last reported.
    @MemberwiseInit(.package)
    package struct ReportedDevice {
        /// The agent that reported it.
        package var agentID: Int64
        /// What it reported.
        package var report: DeviceReport

        var key: DeviceKey { DeviceKey(agentID: agentID, platform: report.platform, identifier: report.identifier) }
    }

    /// Whether agent `agentID` should join `run` with a new job: the run has tests no device
    /// holds yet; no job of the step is still waiting (it would take a free agent by itself)
    /// or asked to stop (its build is being canceled);
    /// some job of the step is running (someone drives the run, so its build is alive) and
    /// none of them on this agent; this agent reports a device the step can run that is not
    /// quarantined; and the devices of the agents already taking part, not quarantined, are
    /// fewer than the step's `count`. `devices` holds what the taking-part agents and this one
    /// reported.
    package static func shouldJoin(
        run: DeviceRun, stepJobs: [StepJob], agentID: Int64, devices: [ReportedDevice], health: [DeviceKey: DeviceHealth]
    ) -> Bool {
        guard !run.isFinished, !run.queue.isEmpty else { return false }
        guard !stepJobs.contains(where: { $0.state == .pending || $0.cancelRequested }) else { return false }
        let takingPart = agentsTakingPart(stepJobs)
        guard !takingPart.isEmpty, !takingPart.contains(agentID) else { return false }
        let usable = devices.filter { run.step.canRun($0.report) && health[$0.key]?.isQuarantined != true }
        guard usable.contains(where: { $0.agentID == agentID }) else { return false }
        return usable.filter { takingPart.contains($0.agentID) }.count < run.step.count
    }

    /// The agents holding the step's active jobs: whose devices the run counts, and whose
    /// reports a backend reads for ``shouldJoin(run:stepJobs:agentID:devices:health:)``.
    package static func agentsTakingPart(_ stepJobs: [StepJob]) -> Set<Int64> {
        Set(stepJobs.filter(\.state.isActive).compactMap(\.agentID))
    }

    /// The label of a job that joins a step whose first job is labelled `label`: the step's
    /// label without its shard suffix (`UI (1/2)`), and the agent it runs on.
    package static func label(joining label: String, shardIndex: Int, shardCount: Int, agentName: String) -> String {
        let suffix = " (\(shardIndex + 1)/\(shardCount))"
        let base = shardCount > 1 && label.hasSuffix(suffix) ? String(label.dropLast(suffix.count)) : label
        return "\(base) (joined on \(agentName))"
    }
}
