import Core
import HTTPClient

// MARK: - GitHub: a check run

/// Puts one findings report on a commit as a GitHub check run named
/// `mobile-ops/<pipeline>/findings`: completed, with the conclusion of ``FindingsReport``, a
/// summary, and an annotation on the line of each new finding that has one (at most
/// ``GitHubChecksAPI/maxAnnotations``, errors first, 50 a request).
///
/// **Retries.** The run's `external_id` names the build and the outbox message, so a retried
/// message first looks for its own run and resumes after the `annotations_count` GitHub already
/// has, instead of creating a second run or repeating annotations.
///
/// **Tokens.** GitHub lets only GitHub Apps write check runs. On a 403 that is not a rate limit
/// the report falls back to a commit status of the same name ("3 new findings (1 error)"), which
/// any token with `statuses: write` may post, and the delivery still fails permanently with a
/// message saying an installation token is needed, so operators see it in `lastError`.
extension FindingsDelivery {
    /// Creates or resumes the check run and sends the annotations it still lacks;
    /// `externalID` is unique per build and outbox message.
    func deliverCheckRun(externalID: String) async throws(GitHostError) {
        let annotations = Self.checkRunAnnotations(report)
        let summary = Self.checkRunSummary(report, annotated: annotations.count, detailsURL: detailsURL)
        let output = { (batch: ArraySlice<GitHubChecksAPI.Annotation>) in
            GitHubChecksAPI.Output(title: report.headline, summary: summary, annotations: Array(batch))
        }
        do throws(GitHostError) {
            var checkRunID: Int64
            var sent: Int
            if let existing = try await existingRun(externalID: externalID) {
                checkRunID = existing.id
                sent = existing.output?.annotationsCount ?? 0
            } else {
                let first = annotations.prefix(GitHubChecksAPI.annotationsPerRequest)
                let body = GitHubChecksAPI.CreateBody(
                    name: report.checkName, headSHA: report.build.commitSHA, externalID: externalID, detailsURL: detailsURL,
                    conclusion: report.conclusion.rawValue, output: output(first))
                let request = try ProviderExchange.built { () throws(CommitStatusError) in
                    try GitHubChecksAPI.createRequest(body, repository: repository, token: token, configuration: configuration)
                }
                let created = try await exchange.send(request, step: "creating the check run")
                checkRunID = try ProviderExchange.decode(GitHubChecksAPI.CheckRun.self, from: created, step: "creating the check run").id
                sent = first.count
            }
            while sent < annotations.count {
                let batch = annotations[sent..<min(sent + GitHubChecksAPI.annotationsPerRequest, annotations.count)]
                let request = try ProviderExchange.built { () throws(CommitStatusError) in
                    try GitHubChecksAPI.updateRequest(
                        GitHubChecksAPI.UpdateBody(output: output(batch)), checkRunID: checkRunID, repository: repository, token: token,
                        configuration: configuration)
                }
                _ = try await exchange.send(request, step: "adding annotations \(sent + 1)–\(sent + batch.count)")
                sent += batch.count
            }
        } catch {
            if let response = error.response, response.status == 403, error.isPermanent {
                let failure = await fallBackToStatus(refusal: response)
                throw failure
            }
            throw error
        }
    }

    /// This message's run, if an earlier attempt created it.
    private func existingRun(externalID: String) async throws(GitHostError) -> GitHubChecksAPI.CheckRun? {
        for page in 1...GitHubChecksAPI.maxPages {
            let request = try ProviderExchange.built { () throws(CommitStatusError) in
                try GitHubChecksAPI.listRequest(
                    repository: repository, commitSHA: report.build.commitSHA, name: report.checkName, page: page, token: token,
                    configuration: configuration)
            }
            let response = try await exchange.send(request, step: "listing the commit's check runs")
            let runs = try ProviderExchange.decode(GitHubChecksAPI.CheckRunList.self, from: response, step: "listing the commit's check runs").checkRuns
            if let run = runs.first(where: { $0.externalID == externalID }) { return run }
            if runs.count < GitHubChecksAPI.pageSize { break }
        }
        return nil
    }

    /// Posts the report as a commit status, since the token may not write check runs, and
    /// answers the permanent failure to record either way.
    private func fallBackToStatus(refusal: HTTPResponse) async -> GitHostError {
        let needed = "GitHub refused the check run (HTTP 403: \(GitHostError.bodyExcerpt(refusal.bodyText))): "
            + "only a GitHub App installation token may write check runs; set MOBILE_OPS_GITHUB_TOKEN to one"
        let body = GitHubStatusAPI.Body(
            state: report.conclusion == .failure ? "failure" : "success", targetURL: detailsURL,
            description: String(report.headline.prefix(140)), context: report.checkName)
        do throws(GitHostError) {
            let request = try ProviderExchange.built { () throws(CommitStatusError) in
                try GitHubStatusAPI.request(body, commitSHA: report.build.commitSHA, repository: repository, token: token, configuration: configuration)
            }
            _ = try await exchange.send(request, step: "posting the fallback status")
            return GitHostError(.permanent, "\(needed). Sent the commit status \(report.checkName) (\"\(body.description)\") instead.")
        } catch {
            // Quoted as the outbox words an outcome ("retryable failure: …"), as before the move.
            return GitHostError(.permanent, "\(needed). The fallback commit status failed too: \(error)")
        }
    }

    // MARK: Content

    /// The annotations to send: new findings with a file and line, errors first, capped.
    static func checkRunAnnotations(_ report: FindingsReport) -> [GitHubChecksAPI.Annotation] {
        Array(report.newBySeverity.compactMap(GitHubChecksAPI.annotation).prefix(GitHubChecksAPI.maxAnnotations))
    }

    /// The summary: the comparison, the new findings that cannot be annotated (no file or
    /// line) as a table, and what the cap left out; within GitHub's 65,535 characters.
    static func checkRunSummary(_ report: FindingsReport, annotated: Int, detailsURL: String?) -> String {
        var summary = report.comparison
        let lineless = report.newBySeverity.filter { !$0.hasLine }
        let annotatable = report.new.count - lineless.count
        if annotatable > annotated {
            summary += "\n\n\(annotatable - annotated) more new findings are not annotated: MobileOps puts at most "
                + "\(GitHubChecksAPI.maxAnnotations) annotations on a check run."
        }
        if let detailsURL { summary += "\n\nEvery finding: \(detailsURL)" }
        if !lineless.isEmpty {
            let table = FindingsReport.table(lineless, limit: GitHubChecksAPI.textLimit - summary.utf8.count - 300)
            summary += "\n\n**New findings without a file and line** (not annotated):\n\n" + table.text
            if table.shown < lineless.count { summary += "\n…and \(lineless.count - table.shown) more." }
        }
        return FindingsReport.capped(summary, bytes: GitHubChecksAPI.textLimit)
    }
}
