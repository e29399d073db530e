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
    /// The body's merge base, when the agent sent one, is recorded for the job's build first.
    ///
    /// - Throws: `ServiceError` 400 for a body the route does not accept (each problem named
    ///   with the finding's index), `StoreError.jobNotHeld` unless the agent holds the job.
    public func store(jobFindings report: JobFindings, jobID: Int64, agentID: Int64) async throws -> BuildFindings {
        // The store checks again in its transaction: the job may end meanwhile.
        let (findings, failOn) = try Self.validated(report)
        // The merge base first, so that this report's comparison already uses it.
        if let mergeBase = report.mergeBase {
            _ = try await store.recordMergeBase(mergeBase, jobID: jobID, agentID: agentID, at: clock.now)
        }
        let buildID = try await store.replaceJobFindings(jobID: jobID, agentID: agentID, report: report.source, findings: findings, at: clock.now)
        let (base, baseFindings) = try await baseline(of: buildID)
        let tools = Set(findings.map(\.tool))
        return Self.compared(findings, with: baseFindings.filter { tools.contains($0.tool) }, base: base, buildID: buildID, failOn: failOn)
    }

    /// Refuses, with `StoreError.jobNotHeld`, unless the agent holds job `jobID` and it still
    /// runs, before a body of up to 32 MiB is read (``BuildStore/requireHeld(jobID:agentID:)``).
    public func requireHeld(jobID: Int64, agentID: Int64) async throws {
        try await builds.requireHeld(jobID: jobID, agentID: agentID)
    }

    /// The body's findings and its `fail_on`, or a 400 naming the first problem.
    static func validated(_ report: JobFindings) throws(ServiceError) -> ([StoredFinding], FailOn) {
        func refuse(_ message: String, _ code: String) -> ServiceError { ServiceError.badRequest(message, code: code) }
        if let problem = JobFindings.sourceProblem(report.source) { throw refuse(problem, "invalid_source") }
        guard ReportFormat(rawValue: report.format) != nil else {
            let names = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw refuse("format must be one of \(names), not '\(report.format.prefix(64))'", "invalid_format")
        }
        guard let failOn = FailOn(rawValue: report.failOn) else {
            throw refuse("failOn must be error, warning or never, not '\(report.failOn.prefix(64))'", "invalid_fail_on")
        }
        if let problem = report.mergeBase?.problem { throw refuse(problem, "invalid_merge_base") }
        return (try validated(report.findings), failOn)
    }

    /// `findings` when the server may store them, else a 400 naming the first problem: at most
    /// `JobFindings.maximumFindings`, each passing ``StoredFinding/problem`` with a known level.
    /// The one check of both routes: an agent's findings as sent, a posted report's as fitted.
    static func validated(_ findings: [StoredFinding]) throws(ServiceError) -> [StoredFinding] {
        guard findings.count <= JobFindings.maximumFindings else { throw tooMany(JobFindings.maximumFindings) }
        for (index, finding) in findings.enumerated() {
            if let problem = finding.problem { throw .badRequest("findings[\(index)]: \(problem)", code: "invalid_finding") }
            guard FindingLevel(rawValue: finding.level) != nil else {
                let level = finding.level.prefix(64)
                throw .badRequest("findings[\(index)]: level must be error, warning, note or none, not '\(level)'", code: "invalid_finding")
            }
        }
        return findings
    }

    /// The refusal of a report of more than `limit` findings.
    static func tooMany(_ limit: Int) -> ServiceError {
        .badRequest("a report may send at most \(limit) findings", code: "too_many_findings")
    }
}
