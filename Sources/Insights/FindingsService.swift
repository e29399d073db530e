import Core
import Findings
import Foundation
import MemberwiseInit
import Store

/// Analysers' findings for builds: reports read and stored, a build's findings compared with
/// its baseline (new, unchanged, fixed), and the trend per tool and rule.
@MemberwiseInit(.public)
public struct FindingsService: Sendable {
    let store: any FindingStore
    let builds: any BuildStore
    let clock: any TimeSource

    /// Reads `report` (SARIF 2.1.0, Checkstyle XML, Android Lint XML, SwiftLint JSON or GitLab
    /// Code Quality JSON, told apart by content) and stores its findings for `buildID` under `source`, replacing what
    /// that source stored before. Paths under `root` (the checkout the report was made in)
    /// become relative to it. The server has no checkout, so findings without the tool's own
    /// fingerprint are fingerprinted by rule, file and message. The findings are fitted and
    /// checked as an agent's are (``StoredFinding/fitted()``, ``validated(_:)``), so a report
    /// stores the same through either route.
    ///
    /// - Throws: `ServiceError` 404 for an unknown build, 400 `invalid_report` (with the
    ///   position) for a report it cannot read, 400 `too_many_findings` past
    ///   `JobFindings.maximumFindings`.
    public func store(report: Data, source: String, root: String?, buildID: Int64) async throws -> FindingsUpload {
        guard try await builds.build(id: buildID) != nil else { throw ServiceError.notFound("no build with id \(buildID)") }
        let (format, findings) = try await Self.read(report, root: root).get()
        try await store.replaceFindings(buildID: buildID, source: source, findings: findings, at: clock.now)
        return FindingsUpload(buildID: buildID, source: source, format: format.rawValue, stored: findings)
    }

    /// The report's format and its findings, fitted and checked: read on a thread of its own,
    /// since a 32 MiB report takes seconds.
    static func read(_ report: Data, root: String?) async -> Result<(ReportFormat, [StoredFinding]), ServiceError> {
        await DedicatedThread.run {
            let read: FindingsReader.Report
            do throws(FindingsError) {
                read = try FindingsReader(repositoryRoot: root, readsSources: false).read(report)
            } catch .tooManyFindings(_, let limit) {
                return .failure(Self.tooMany(limit))
            } catch {
                return .failure(ServiceError.badRequest(error.description, code: "invalid_report"))
            }
            return Result { () throws(ServiceError) in (read.format, try Self.validated(read.findings.map { StoredFinding($0).fitted() })) }
        }
    }

    /// The build's findings against its baseline: for a pull request the same pipeline's build
    /// of its merge base (or of the nearest built commit before it), else the newest finished
    /// build with findings of the same pipeline on its branch made before it; the answer says
    /// which and why (``FindingsBaseline``). Without a baseline every finding is new.
    public func comparison(buildID: Int64, failOn: FailOn) async throws -> BuildFindings {
        guard try await builds.build(id: buildID) != nil else { throw ServiceError.notFound("no build with id \(buildID)") }
        let head = try await store.findings(buildID: buildID)
        let (base, baseFindings) = try await baseline(of: buildID)
        return Self.compared(head, with: baseFindings, base: base, buildID: buildID, failOn: failOn)
    }

    /// `head` against `baseline`'s findings: new, unchanged, suppressed, fixed, and `fails` under
    /// `failOn` (suppressed findings are never new, so never fail).
    static func compared(
        _ head: [StoredFinding], with baseline: [StoredFinding], base: BuildFindings.Base?, buildID: Int64, failOn: FailOn
    ) -> BuildFindings {
        let comparison = FindingsComparison(base: baseline.map(Finding.init), head: head.map(Finding.init))
        let new = Set(comparison.new.map(\.fingerprint))
        return BuildFindings(
            buildID: buildID, base: base, failOn: failOn.rawValue, fails: comparison.fails(failOn),
            total: head.count, newCount: comparison.new.count, unchanged: comparison.unchanged.count,
            suppressed: comparison.suppressed.count, fixed: comparison.fixed.count,
            new: head.filter { !$0.isSuppressed && new.contains($0.fingerprint) })
    }

    /// Per day, the findings of the day's newest finished build of `branch` with findings, per
    /// tool and rule, over the `days` before now; and the rules that grew most over the window.
    public func trend(repositoryID: Int64, branch: String, days: Int) async throws -> FindingsTrend {
        let now = clock.now
        let from = now.addingTimeInterval(-Double(days) * 86_400)
        let rows = try await store.findingTrend(repositoryID: repositoryID, branch: branch, from: from, to: now)
        return FindingsTrend(branch: branch, days: days, rows: rows, growing: FindingsTrend.growing(rows))
    }
}
