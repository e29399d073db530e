import Core
import Findings
import Store

// MARK: - Findings an agent read in its checkout

extension FindingsService {
    /// Stores the findings the agent holding job `jobID` read from one report of its
    /// `reports:` step (already fingerprinted from the checkout's source lines), replacing what
    /// that job sent for the same report before, and answers that report's findings against
    /// the baseline (the same one as ``comparison(buildID:failOn:)``), with `fails` under the
    /// step's `fail_on`. `fixed` counts the baseline's findings of the report's tools that are
    /// gone.
    ///
    /// - Throws: `ServiceError` 400 for a body the route does not accept (each problem named
    ///   with the finding's index), `StoreError.jobNotHeld` unless the agent holds the job.
    public func store(jobFindings report: JobFindings, jobID: Int64, agentID: Int64) async throws -> BuildFindings {
        let (findings, failOn) = try Self.validated(report)
        let buildID = try await store.replaceJobFindings(jobID: jobID, agentID: agentID, report: report.source, findings: findings, at: clock.now)
        let (base, baseFindings) = try await baseline(of: buildID)
        let comparison = FindingsComparison(baseFingerprints: baseFindings.map(\.fingerprint), head: findings.map(Self.finding))
        let new = Set(comparison.new.map(\.fingerprint))
        let tools = Set(findings.map(\.tool))
        let present = Set(findings.map(\.fingerprint))
        let fixed = baseFindings.filter { tools.contains($0.tool) && !present.contains($0.fingerprint) }.count
        return BuildFindings(
            buildID: buildID, base: base, failOn: failOn.rawValue, fails: comparison.fails(failOn),
            total: findings.count, newCount: comparison.new.count, unchanged: comparison.unchanged.count, fixed: fixed,
            new: findings.filter { new.contains($0.fingerprint) })
    }

    /// The build findings of `buildID` are compared with, and that build's findings: the newest
    /// finished build with findings of the same pipeline on the pull request's target branch
    /// (else on the build's own branch) made before it; none when there is no such build.
    func baseline(of buildID: Int64) async throws -> (BuildFindings.Base?, [StoredFinding]) {
        guard let target = try await store.findingsTarget(buildID: buildID),
              let baseID = try await store.latestBuildWithFindings(target, beforeBuild: buildID)
        else { return (nil, []) }
        let number = try await builds.build(id: baseID)?.number
        return (BuildFindings.Base(buildID: baseID, branch: target.branch, number: number), try await store.findings(buildID: baseID))
    }

    /// The body's findings as stored and its `fail_on`, or a 400 naming the first problem.
    static func validated(_ report: JobFindings) throws -> ([StoredFinding], FailOn) {
        func refuse(_ message: String, _ code: String) -> ServiceError { ServiceError.badRequest(message, code: code) }
        if let problem = JobFindings.sourceProblem(report.source) { throw refuse(problem, "invalid_source") }
        guard ReportFormat(rawValue: report.format) != nil else {
            let names = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw refuse("format must be one of \(names), not '\(report.format.prefix(64))'", "invalid_format")
        }
        guard let failOn = FailOn(rawValue: report.failOn) else {
            throw refuse("failOn must be error, warning or never, not '\(report.failOn.prefix(64))'", "invalid_fail_on")
        }
        guard report.findings.count <= JobFindings.maximumFindings else {
            throw refuse("a report may send at most \(JobFindings.maximumFindings) findings, not \(report.findings.count)", "too_many_findings")
        }
        var stored: [StoredFinding] = []
        stored.reserveCapacity(report.findings.count)
        for (index, finding) in report.findings.enumerated() {
            if let problem = finding.problem { throw refuse("findings[\(index)]: \(problem)", "invalid_finding") }
            guard FindingLevel(rawValue: finding.level) != nil else {
                throw refuse("findings[\(index)]: level must be error, warning, note or none, not '\(finding.level.prefix(64))'", "invalid_finding")
            }
            stored.append(StoredFinding(
                tool: finding.tool, ruleID: finding.ruleID, level: finding.level, message: finding.message, path: finding.path,
                line: finding.line, fingerprint: finding.fingerprint))
        }
        return (stored, failOn)
    }
}
