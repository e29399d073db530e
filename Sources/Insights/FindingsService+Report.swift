import Core
import Findings
import GitHosts
import Notifications
import Store

// MARK: - The report on the pull request

extension FindingsService: FindingsReportSource {
    /// The build's findings against its baseline as the pull request is told of them: the same
    /// comparison as `GET /api/v1/builds/{id}/findings`, new findings only. Nil when the build
    /// is gone.
    public func report(for build: Build) async throws -> FindingsReport? {
        let compared: BuildFindings
        do {
            // `failOn` only decides `fails`, which the report does not use: its conclusion
            // comes from the new findings' levels.
            compared = try await comparison(buildID: build.id, failOn: .error)
        } catch let error as ServiceError where error.kind == .notFound {
            return nil
        }
        return FindingsReport(
            build: build, baseBuildID: compared.base?.buildID, baseBranch: compared.base?.branch,
            baseExplanation: compared.base?.explanation, total: compared.total,
            unchanged: compared.unchanged, suppressed: compared.suppressed, fixed: compared.fixed,
            new: compared.new)
    }
}
