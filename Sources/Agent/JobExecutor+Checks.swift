import Core
import Dispatch

// MARK: - checks: deps

extension JobExecutor {
    /// Runs a `checks: deps` step's dependency rules (see ``DependencyChecksRunner``), logs
    /// what they found, and answers whether the commands may run.
    func runDependencyChecks(
        _ step: DependencyChecksStep, assignment: JobAssignment, workspace: String, environment: [String: String], streamer: LogStreamer
    ) async -> Bool {
        // Outside the checkout, so `git status` in the commands stays clean.
        let scratch = self.configuration.workDirectory + "/jobs/\(assignment.jobID).checks-base"
        // git and `swift package dump-package` block: keep them off the cooperative threads.
        let outcome = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: DependencyChecksRunner().run(step, workspace: workspace, scratch: scratch, environment: environment))
            }
        }
        for line in outcome.lines { streamer.append(line: line) }
        return outcome.passed
    }
}
