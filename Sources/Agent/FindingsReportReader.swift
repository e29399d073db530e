import Core
import Findings
import Foundation
import Secrets

/// Reads one report of a `reports:` step in the job's checkout into the body of
/// `POST /api/v1/agent/jobs/{id}/findings`: the format told from the content, the findings
/// fingerprinted from the checkout's source lines, fitted to the route's rules as the server
/// fits the reports posted to it (`StoredFinding.fitted()`).
///
/// Reads files and may stream a large SARIF log: call it off the cooperative pool.
struct FindingsReportReader: Sendable {
    /// The checkout: paths under it become relative, and source lines are read from it.
    let workspace: String
    /// The step's `fail_on`, sent with each report.
    let failOn: FailOn
    /// On a pull request build, where the checkout left the target branch, sent with each report.
    let mergeBase: MergeBase?
    /// The job's secrets' masker: an analyser's message may quote a value (a hard-coded key).
    var masker: SecretMasker?

    /// A report ready to send, or why it cannot be.
    enum Outcome: Sendable {
        /// The encoded body, and the fingerprints of the findings it holds that the report
        /// suppressed (accepted suppressions), for answers from servers that predate them.
        case body([UInt8], suppressed: Set<String>)
        /// Why the step fails instead: the report's path and what is wrong with it.
        case failed(String)
    }

    /// Reads `report` (relative to the workspace) and encodes its findings.
    func read(_ report: String) -> Outcome {
        let read: FindingsReader.Report
        do {
            read = try FindingsReader(repositoryRoot: workspace, readsSources: true).read(fileAt: workspace + "/" + report)
        } catch {
            // A report of more than `JobFindings.maximumFindings` is refused here, unsent.
            return .failed("\(report): \(error.description)")
        }
        let masker = self.masker
        let findings = read.findings.map { finding in
            var stored = StoredFinding(finding).fitted()
            if let masker { stored.message = masker.mask(stored.message) }
            return stored
        }
        let body: [UInt8]
        do {
            body = try JSONCoding.encode(JobFindings(
                source: report, format: read.format.rawValue, failOn: failOn.rawValue, findings: findings, mergeBase: mergeBase))
        } catch {
            return .failed("\(report): the findings could not be encoded: \(error)")
        }
        guard body.count <= JobFindings.bodyLimit else {
            let size = String(format: "%.1f MiB", Double(body.count) / 1_048_576)
            return .failed("\(report): its \(findings.count) findings come to \(size), more than the server's \(JobFindings.bodyLimit >> 20) MiB limit; not sent")
        }
        return .body(body, suppressed: Set(findings.filter(\.isSuppressed).map(\.fingerprint)))
    }
}
