import ChildProcesses
import Core
import Foundation
import Logging

// MARK: - JobExecutor

/// Runs one assigned job from start to finish: `start`, checkout, each command in its own
/// process group with output streamed to the server, heartbeats, the step timeout, and
/// `finish` with the outcome.
///
/// A cancel directive, the timeout, a `job_not_held` answer or the agent shutting down
/// (the calling task being cancelled) all go through one ``JobControl``, which kills the
/// job's process groups; what is reported then depends on which came first.
public struct JobExecutor: Sendable {
    /// The server calls.
    public let api: AgentAPI
    /// Work directory, timings and the agent's name.
    public let configuration: AgentConfiguration
    /// The mirror cache shared by every slot.
    public let git: GitWorkspace
    /// Where the agent's own messages go.
    public let logger: Logger
    /// The environment commands inherit before the job's own variables are added.
    public let baseEnvironment: [String: String]
    /// What signing jobs on this agent share: the keychain search list and installed profiles.
    let signing = SigningCoordinator()
    /// The agent's devices as of its latest look, for `devices:` steps; nil on an agent that
    /// looks at none.
    let devices: (@Sendable () async -> [DeviceReport])?

    /// Creates an executor.
    public init(
        api: AgentAPI, configuration: AgentConfiguration, git: GitWorkspace, logger: Logger,
        baseEnvironment: [String: String] = ProcessInfo.processInfo.environment,
        devices: (@Sendable () async -> [DeviceReport])? = nil
    ) {
        self.api = api
        self.configuration = configuration
        self.git = git
        self.logger = logger
        self.baseEnvironment = baseEnvironment
        self.devices = devices
    }

    // MARK: Running a job

    /// Runs `assignment` with `token` and answers what happened; never throws.
    public func run(_ assignment: JobAssignment, token: String) async -> JobResult {
        let logger = self.logger(for: assignment)
        logger.info("job assigned", metadata: ["label": "\(assignment.label)", "commands": "\(assignment.spec.commands.count)"])

        let control = JobControl(grace: self.configuration.killGracePeriod)
        let api = self.api
        let jobID = assignment.jobID
        let streamer = LogStreamer(
            chunkBytes: self.configuration.logChunkBytes,
            flushInterval: self.configuration.logFlushInterval,
            send: { sequence, bytes throws(AgentAPIError) in
                try await api.appendLog(jobID: jobID, sequence: sequence, bytes: bytes, token: token)
            },
            onStop: { control.stop($0) }
        )

        switch await self.confirmStart(jobID: jobID, token: token, logger: logger) {
        case .some(let directive): if directive.cancel { control.stop(.canceled) }
        case .none: return JobResult(outcome: nil, stopReason: .notHeld, reported: false)
        }

        let workspace = self.configuration.workDirectory + "/jobs/\(jobID)"
        let secrets = SecretsFolder(workDirectory: self.configuration.workDirectory, jobID: jobID)
        // Output is parsed as it streams, for the job's build report.
        let tap = BuildOutputTap()
        let startedAt = Date()
        let completed = await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group -> JobOutcome in
                group.addTask { await streamer.run() }
                group.addTask { await self.heartbeat(assignment, token: token, control: control, logger: logger) }
                if let limit = Self.duration(seconds: assignment.spec.timeoutSeconds) {
                    group.addTask {
                        guard (try? await Task.sleep(for: limit)) != nil else { return }
                        streamer.append(line: "mobile-ops-agent: step timed out after \(limit)")
                        control.stop(.timedOut)
                    }
                }
                let outcome = await self.execute(
                    assignment, token: token, workspace: workspace, secrets: secrets, control: control, streamer: streamer, tap: tap)
                group.cancelAll()
                return outcome
            }
        } onCancel: {
            control.stop(.shutdown)
        }
        // Background processes left by the commands end with the job, and then its secrets.
        await control.terminateAll()
        if assignment.spec.secrets != nil {
            for line in await self.removeSecrets(secrets, masker: streamer.masker) { streamer.append(line: line) }
        }
        return await self.report(
            completed, reason: control.stopReason, assignment: assignment, token: token,
            workspace: workspace, streamer: streamer, logger: logger, metrics: (tap, startedAt)
        )
    }

    // MARK: Steps

    /// Checks out and runs the commands; answers the outcome as if nothing stopped the job.
    private func execute(
        _ assignment: JobAssignment, token: String, workspace: String, secrets: SecretsFolder, control: JobControl,
        streamer: LogStreamer, tap: BuildOutputTap
    ) async -> JobOutcome {
        var environment = JobEnvironment.make(
            for: assignment, workspace: workspace, agentName: self.configuration.name, serverURL: self.api.serverURL, base: self.baseEnvironment
        )
        let run: GitWorkspace.Run = { launch throws(ProcessGroupError) in
            let group = try ProcessGroup.spawn(launch) { bytes in
                streamer.append(bytes)
                tap.feed(bytes)
            }
            control.attach(group)
            return await group.wait()
        }
        streamer.append(line: "mobile-ops-agent: job \(assignment.jobID) (\(assignment.label)) on \(self.configuration.name)")
        do {
            try GitWorkspace.removeItem(workspace)
            try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
            if let target = assignment.repository {
                streamer.append(line: "mobile-ops-agent: checking out \(target.name) at \(target.commitSHA)")
                try await self.git.checkout(target, into: workspace, environment: environment, run: run)
                await self.reportCheckout(of: workspace, assignment: assignment, token: token, streamer: streamer)
            }
        } catch {
            streamer.append(line: "mobile-ops-agent: checkout failed: \(error)")
            return JobOutcome(state: .failed, exitStatus: (error as? CheckoutError)?.exitStatus)
        }
        // After the checkout, so git never runs with them; not for a job already stopped.
        if let step = assignment.spec.secrets, control.stopReason == nil {
            guard let variables = await self.prepareSecrets(
                step, assignment: assignment, token: token, folder: secrets, control: control, streamer: streamer)
            else { return JobOutcome(state: .failed, exitStatus: nil) }
            environment.merge(variables) { _, secret in secret }
        }
        if let selection = assignment.spec.uiTests {
            let variables = await self.planUITests(selection, assignment: assignment, token: token, workspace: workspace, environment: environment, streamer: streamer)
            environment.merge(variables) { _, planned in planned }
        }
        if let checks = assignment.spec.checks,
           !(await self.runDependencyChecks(checks, assignment: assignment, workspace: workspace, environment: environment, streamer: streamer)) {
            // No command ran, so there is no exit status to report (nor to retry on), as for
            // a step that fails on findings alone.
            return JobOutcome(state: .failed, exitStatus: nil)
        }

        var durations: [Double] = []
        var lastStatus: Int32?
        for command in assignment.spec.commands where control.stopReason == nil {
            streamer.append(line: "$ \(command)")
            let started = ContinuousClock.now
            let status: ExitStatus
            do { status = try await run(.shell(command, environment: environment, workingDirectory: workspace)) } catch {
                streamer.append(line: "mobile-ops-agent: \(error)")
                status = .exited(127)
            }
            durations.append(Backoff.seconds(ContinuousClock.now - started))
            lastStatus = status.code
            if !status.isSuccess {
                streamer.append(line: "mobile-ops-agent: command failed (\(status))")
                break
            }
        }
        // A devices: step's tests run once its commands (the build) passed.
        var devicesPassed = true
        if control.stopReason == nil, lastStatus == nil || lastStatus == 0, let step = assignment.spec.devices {
            devicesPassed = await self.runOnDevices(
                step, assignment: assignment, token: token, workspace: workspace, environment: environment, control: control, streamer: streamer)
        }
        var findingsPassed = true
        if control.stopReason == nil, let findings = assignment.spec.findings {
            findingsPassed = await self.collectFindings(
                findings, assignment: assignment, token: token, workspace: workspace, environment: environment, control: control,
                streamer: streamer)
        }
        if control.stopReason == nil {
            await self.uploadArtifacts(assignment, token: token, workspace: workspace, streamer: streamer)
        }
        let commandsPassed = lastStatus == nil || lastStatus == 0
        // Failed on findings or device tests alone: no command's exit status to report (so no
        // exit-code retry).
        let exitStatus = commandsPassed && !(findingsPassed && devicesPassed) ? nil : lastStatus
        let passed = commandsPassed && findingsPassed && devicesPassed
        return JobOutcome(state: passed ? .passed : .failed, exitStatus: exitStatus, commandDurations: durations)
    }

    /// The executor's logger with the job's id as metadata.
    private func logger(for assignment: JobAssignment) -> Logger {
        var logger = self.logger
        logger[metadataKey: "job"] = "\(assignment.jobID)"
        return logger
    }

    /// A finite, positive number of seconds as a duration; nil for none.
    static func duration(seconds: Double?) -> Duration? {
        guard let seconds, seconds.isFinite, seconds > 0 else { return nil }
        return .milliseconds(Int64(min(seconds, 1e9) * 1000))
    }
}

// MARK: - JobResult

/// What happened to a job, for the runner's log and for tests.
public struct JobResult: Sendable, Equatable {
    /// The outcome reported (or that would have been, had the server listened); nil if none.
    public var outcome: JobOutcome?
    /// What stopped the job early, if anything did.
    public var stopReason: JobStopReason?
    /// Whether the server acknowledged `finish`.
    public var reported: Bool
}
