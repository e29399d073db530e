import BuildMetrics
import Core
import Secrets
import Foundation
import Logging

// MARK: - Talking to the server about a job

extension JobExecutor {
    /// `start`, retried while the failure is transient; nil if the job is not ours to run.
    func confirmStart(jobID: Int64, token: String, logger: Logger) async -> AgentDirective? {
        do {
            return try await self.withRetries(attempts: 5) { () async throws(AgentAPIError) in
                try await self.api.start(jobID: jobID, token: token)
            }
        } catch {
            logger.warning("job not started: \(error)")
            return nil
        }
    }

    /// Tells the server which commit the workspace holds, so a build of a branch names the
    /// commit it built. A failed report is logged and the job goes on: the build still runs.
    func reportCheckout(of workspace: String, assignment: JobAssignment, token: String, streamer: LogStreamer) async {
        guard let commit = GitWorkspace.headCommit(of: workspace) else { return }
        streamer.append(line: "mobile-ops-agent: checked out \(commit)")
        do {
            try await self.api.reportCheckout(jobID: assignment.jobID, commitSHA: commit, token: token)
        } catch {
            streamer.append(line: "mobile-ops-agent: could not report the checked-out commit: \(error)")
        }
    }

    /// Heartbeats every third of the lease until cancelled; a cancel directive or a
    /// `job_not_held` answer stops the job, other failures are logged and retried next beat.
    func heartbeat(_ assignment: JobAssignment, token: String, control: JobControl, logger: Logger) async {
        let lease = assignment.leaseSeconds.isFinite && assignment.leaseSeconds > 0 ? assignment.leaseSeconds : 30
        let interval = Duration.milliseconds(Int64(max(0.1, lease / 3) * 1000))
        while true {
            guard (try? await Task.sleep(for: interval)) != nil else { return }
            do {
                let directive = try await self.api.heartbeat(jobID: assignment.jobID, token: token)
                if directive.cancel {
                    logger.info("server cancelled the job")
                    control.stop(.canceled)
                }
            } catch .jobNotHeld {
                logger.warning("server no longer holds the job for this agent; stopping it")
                control.stop(.notHeld)
            } catch {
                if Task.isCancelled { return }
                logger.warning("heartbeat failed: \(error)")
            }
        }
    }

    /// Sends the rest of the log and `finish` (unless the job is no longer ours or the agent
    /// is shutting down), then removes the workspace.
    func report(
        _ completed: JobOutcome, reason: JobStopReason?, assignment: JobAssignment, token: String,
        workspace: String, streamer: LogStreamer, logger: Logger, metrics: (tap: BuildOutputTap, startedAt: Date)? = nil
    ) async -> JobResult {
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        var outcome = completed
        switch reason {
        case .notHeld:
            logger.warning("job dropped: not held by this agent")
            return JobResult(outcome: nil, stopReason: .notHeld, reported: false)
        case .shutdown:
            streamer.append(line: "mobile-ops-agent: agent shutting down; job released for another agent")
            // A new task, because this one is cancelled and its requests would fail at once.
            // Reporting `lost` hands the job back now instead of after the lease runs out;
            // if the server cannot be told, the lease still catches it.
            let released = JobOutcome(state: .lost, exitStatus: nil, commandDurations: completed.commandDurations)
            let reported = await Task { () -> Bool in
                _ = await streamer.close(attempts: 2)
                do {
                    try await self.api.finish(jobID: assignment.jobID, outcome: released, token: token)
                    return true
                } catch {
                    logger.warning("could not release the job (\(error)); the server's lease will mark it lost")
                    return false
                }
            }.value
            return JobResult(outcome: released, stopReason: .shutdown, reported: reported)
        case .canceled:
            // The closing line below says "job canceled"; saying it here too doubled it.
            outcome.state = .canceled
        case .timedOut:
            outcome.state = .timedOut
        case nil:
            break
        }
        streamer.append(line: "mobile-ops-agent: job \(outcome.state.rawValue)")
        let finalOutcome = outcome
        let reported = await Task { () -> Bool in
            if await !streamer.close(attempts: 5) { logger.warning("some log output could not be sent") }
            // The build report goes before `finish`: only a job still held may report.
            if let metrics {
                var report = self.metricsReport(
                    assignment, outcome: finalOutcome, parsed: metrics.tap.finish(), workspace: workspace,
                    startedAt: metrics.startedAt, finishedAt: Date())
                // Test failure messages are read from the raw output: they may quote a secret.
                if let masker = streamer.masker, var tests = report.tests {
                    for index in tests.failures.indices { tests.failures[index].message = tests.failures[index].message.map { masker.mask($0) } }
                    report.tests = tests
                }
                await self.postMetrics(report, jobID: assignment.jobID, token: token, logger: logger)
            }
            do {
                try await self.withRetries(attempts: 8) { () async throws(AgentAPIError) in
                    try await self.api.finish(jobID: assignment.jobID, outcome: finalOutcome, token: token)
                }
                return true
            } catch {
                logger.error("finish not reported: \(error)")
                return false
            }
        }.value
        logger.info("job finished", metadata: ["state": "\(outcome.state.rawValue)", "exit": "\(outcome.exitStatus.map(String.init) ?? "-")"])
        return JobResult(outcome: outcome, stopReason: reason, reported: reported)
    }

    /// Uploads the files the step's `artifacts` globs match (passed or failed: a failing
    /// job's test reports matter most), each streamed from disk and retried when transient.
    /// A failed upload is written to the log; it does not change the job's outcome.
    func uploadArtifacts(_ assignment: JobAssignment, token: String, workspace: String, streamer: LogStreamer) async {
        let patterns = assignment.spec.artifacts
        guard !patterns.isEmpty else { return }
        let files = ArtifactCollector.matches(patterns, in: workspace)
        streamer.append(line: "mobile-ops-agent: uploading \(files.count) artifact(s) matching \(patterns)")
        for file in files.prefix(1000) {
            do {
                try await self.withRetries(attempts: 3) { () async throws(AgentAPIError) in
                    try await self.api.uploadArtifact(jobID: assignment.jobID, path: file, file: workspace + "/" + file, token: token)
                }
                streamer.append(line: "  uploaded \(file)")
            } catch {
                streamer.append(line: "  could not upload \(file): \(error)")
            }
        }
    }

    /// Calls `body` until it succeeds, fails in a way retrying cannot fix, or `attempts` ran out.
    func withRetries<T: Sendable>(
        attempts: Int, _ body: () async throws(AgentAPIError) -> T
    ) async throws(AgentAPIError) -> T {
        var backoff = Backoff(initial: self.configuration.backoffInitial, maximum: self.configuration.backoffMaximum)
        var attempt = 1
        while true {
            do { return try await body() } catch {
                guard error.isRetryable, attempt < attempts, !Task.isCancelled else { throw error }
                self.logger.warning("retrying after: \(error)")
                attempt += 1
                await backoff.wait()
            }
        }
    }
}
