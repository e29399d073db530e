import Core
import HTTPClient

// MARK: - GitLab: a merge request note and a status

/// Puts one findings report on GitLab: for a merge request build, a note with the summary and
/// a table of the new findings; for every build, a commit status `mobile-ops/<pipeline>/findings`
/// (`failed` when a new finding is an error, else `success`) with the headline.
///
/// **Retries.** The note carries a hidden marker naming the build; the delivery lists the merge
/// request's notes first and rewrites a marked one (`PUT`) instead of adding another. A status
/// of the same name replaces the last, so sending it again is harmless.
extension FindingsDelivery {
    /// Writes or rewrites the note (merge requests only), then posts the status.
    func deliverNoteAndStatus() async throws(GitHostError) {
        if let iid = report.build.pullRequest {
            try await upsertNote(mergeRequest: iid)
        }
        let body = GitLabStatusAPI.Body(
            state: report.conclusion == .failure ? "failed" : "success", name: report.checkName, targetURL: detailsURL,
            description: String(report.headline.prefix(140)))
        let request = try ProviderExchange.built { () throws(CommitStatusError) in
            try GitLabStatusAPI.request(body, commitSHA: report.build.commitSHA, repository: repository, token: token, configuration: configuration)
        }
        _ = try await exchange.send(request, step: "posting the findings status")
    }

    /// Rewrites the build's note when an earlier attempt wrote it, else writes it.
    private func upsertNote(mergeRequest iid: Int) async throws(GitHostError) {
        let body = GitLabNotesAPI.NoteBody(body: GitLabNotesAPI.noteBody(report, detailsURL: detailsURL))
        if let noteID = try await existingNote(mergeRequest: iid) {
            let request = try ProviderExchange.built { () throws(CommitStatusError) in
                try GitLabNotesAPI.updateRequest(body, noteID: noteID, repository: repository, mergeRequest: iid, token: token, configuration: configuration)
            }
            _ = try await exchange.send(request, step: "updating the merge request note")
        } else {
            let request = try ProviderExchange.built { () throws(CommitStatusError) in
                try GitLabNotesAPI.createRequest(body, repository: repository, mergeRequest: iid, token: token, configuration: configuration)
            }
            _ = try await exchange.send(request, step: "writing the merge request note")
        }
    }

    /// The id of the note carrying this build's marker, if there is one.
    private func existingNote(mergeRequest iid: Int) async throws(GitHostError) -> Int64? {
        let marker = GitLabNotesAPI.marker(buildID: report.build.id)
        for page in 1...GitLabNotesAPI.maxPages {
            let request = try ProviderExchange.built { () throws(CommitStatusError) in
                try GitLabNotesAPI.listRequest(repository: repository, mergeRequest: iid, page: page, token: token, configuration: configuration)
            }
            let response = try await exchange.send(request, step: "listing the merge request notes")
            let notes = try ProviderExchange.decode([GitLabNotesAPI.Note].self, from: response, step: "listing the merge request notes")
            if let note = notes.first(where: { $0.body.hasPrefix(marker) }) { return note.id }
            // GitLab names the next page in `X-Next-Page`, empty on the last.
            guard let next = response.header("X-Next-Page"), !next.isEmpty, !notes.isEmpty else { break }
        }
        return nil
    }
}
