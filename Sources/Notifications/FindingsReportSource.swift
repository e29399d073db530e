import Core
import GitHosts

/// Where ``FindingsReportNotifier`` gets a build's findings against its baseline. The server
/// passes Insights' `FindingsService`; Notifications itself knows nothing of how findings are
/// stored or compared.
public protocol FindingsReportSource: Sendable {
    /// The report for `build` (finished, read just before), or nil when the build is gone.
    /// Throws when the findings cannot be read now (worth another try).
    func report(for build: Build) async throws -> FindingsReport?
}
