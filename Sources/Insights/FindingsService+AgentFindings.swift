import Core
import Findings
import Store

// MARK: - Findings an agent read in its checkout

extension FindingsService {
    /// Stores the findings the agent holding job `jobID` read from one report of its
    /// `reports:` step (already fingerprinted from the checkout's source lines), replacing what
    /// that job sent for the same report before, and answers that report's findings against
    /// the baseline (the same one as ``comparison(buildID:failOn:)``), with `fails` under the
    /// step's `fail_on`. Only the baseline's findings of the report's own tools count, so
    /// another analyser's findings are not `fixed` by this report.
    ///
    /// - Throws: `ServiceError` 400 for a body the route does not accept (each problem named
    ///   with the finding's index), `StoreError.jobNotHeld` unless the agent holds the job.
    public func store(jobFindings report: JobFindings, jobID: Int64, agentID: Int64) async throws -> BuildFindings {
        let (findings, failOn) = try Self.validated(report)
        let buildID = try await store.replaceJobFindings(jobID: jobID, agentID: agentID, report: report.source, findings: findings, at: clock.now)
        let (base, baseFindings) = try await baseline(of: buildID)
        let tools = Set(findings.map(\.tool))
        return Self.compared(findings, with: baseFindings.filter { tools.contains($0.tool) }, base: base, buildID: buildID, failOn: failOn)
    }

    /// The body's findings and its `fail_on`, or a 400 naming the first problem.
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
        for (index, finding) in report.findings.enumerated() {
            if let problem = finding.problem { throw refuse("findings[\(index)]: \(problem)", "invalid_finding") }
            guard FindingLevel(rawValue: finding.level) != nil else {
                throw refuse("findings[\(index)]: level must be error, warning, note or none, not '\(finding.level.prefix(64))'", "invalid_finding")
            }
        }
        return (report.findings, failOn)
    }
}
