import Core
import Dispatch
import Foundation

// MARK: - ui_tests

extension JobExecutor {
    /// Plans a `ui_tests:` job's suites (see ``UITestPlanner``), logs the choices, reports
    /// them to the server and answers the variables the commands get:
    /// `MOBILE_OPS_UI_TESTS` (comma-separated), `MOBILE_OPS_UI_TESTS_FILE` (one per line) and
    /// `MOBILE_OPS_UI_TESTS_MODE` (`selected`, or `all` when the project could not be read).
    func planUITests(
        _ selection: UITestSelection, assignment: JobAssignment, token: String, workspace: String,
        environment: [String: String], streamer: LogStreamer
    ) async -> [String: String] {
        // A devices: step's jobs share one queue of every selected suite: no shards.
        let sharded = assignment.spec.devices == nil
        // git and `swift package dump-package` block: keep them off the cooperative threads.
        let report = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: UITestPlanner().plan(
                    selection, workspace: workspace, environment: environment,
                    shardIndex: sharded ? Int(environment[JobSpec.shardIndexVariable] ?? "") ?? 0 : 0,
                    shardCount: sharded ? Int(environment[JobSpec.shardCountVariable] ?? "") ?? 1 : 1
                ))
            }
        }
        for line in UITestPlanner.logLines(report) { streamer.append(line: line) }
        // Outside the checkout, so `git status` in the commands stays clean.
        let listFile = self.configuration.workDirectory + "/jobs/\(assignment.jobID).ui-tests"
        try? (report.shardSuites.joined(separator: "\n") + "\n").write(toFile: listFile, atomically: true, encoding: .utf8)
        do {
            try await self.withRetries(attempts: 3) { () async throws(AgentAPIError) in
                try await self.api.postUITestReport(jobID: assignment.jobID, report: report, token: token)
            }
        } catch {
            streamer.append(line: "mobile-ops-agent: could not report the ui_tests selection: \(error)")
        }
        return [
            UITestSelection.suitesVariable: report.shardSuites.joined(separator: ","),
            UITestSelection.suitesFileVariable: listFile,
            "MOBILE_OPS_UI_TESTS_MODE": report.mode,
        ]
    }
}
