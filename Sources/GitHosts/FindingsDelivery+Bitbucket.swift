import Core
import HTTPClient

// MARK: - Bitbucket: a Code Insights report

/// Puts one findings report on a Bitbucket Cloud commit as a Code Insights report named after
/// the pipeline, with an annotation per new finding (at most 1,000, 100 a request).
///
/// **Retries.** Every attempt deletes the report, creates it again and uploads every
/// annotation: ids are fixed per pipeline and finding, so nothing doubles, and annotations of an
/// earlier report of the same commit and pipeline do not linger.
extension FindingsDelivery {
    /// Deletes, creates, annotates.
    func deliverCodeInsights() async throws(GitHostError) {
        let url: String
        do {
            url = try BitbucketReportsAPI.reportURL(report, repository: repository, configuration: configuration)
        } catch {
            throw GitHostError(.permanent, error.description)
        }
        let none: String? = nil
        do throws(GitHostError) {
            _ = try await exchange.send(try bitbucketRequest(.delete, url, body: none), step: "deleting the earlier report")
        } catch where error.response?.status == 404 {
            // Nothing to delete: the first report of this commit and pipeline.
        }
        let body = BitbucketReportsAPI.reportBody(report, link: detailsURL)
        _ = try await exchange.send(try bitbucketRequest(.put, url, body: body), step: "creating the report")
        let annotations = BitbucketReportsAPI.annotations(report)
        var sent = 0
        while sent < annotations.count {
            let batch = Array(annotations[sent..<min(sent + BitbucketReportsAPI.annotationsPerRequest, annotations.count)])
            _ = try await exchange.send(try bitbucketRequest(.post, url + "/annotations", body: batch), step: "adding annotations \(sent + 1)–\(sent + batch.count)")
            sent += batch.count
        }
    }

    private func bitbucketRequest(_ method: HTTPMethod, _ url: String, body: (some Encodable)?) throws(GitHostError) -> HTTPRequest {
        try ProviderExchange.built { () throws(CommitStatusError) in
            try BitbucketReportsAPI.request(method, url, body: body, token: token, configuration: configuration)
        }
    }
}
