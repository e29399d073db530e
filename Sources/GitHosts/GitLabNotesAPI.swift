import Core
import HTTPClient

// MARK: - GitLabNotesAPI

/// GitLab's merge request notes (gitlab.com and self-hosted), as the findings report uses them:
/// - `GET  {api}/projects/{id}/merge_requests/{iid}/notes?sort=desc&order_by=created_at`
///   finds the note an earlier attempt wrote (by a hidden marker);
/// - `POST {api}/projects/{id}/merge_requests/{iid}/notes` writes it;
/// - `PUT  {api}/projects/{id}/merge_requests/{iid}/notes/{note_id}` rewrites it.
enum GitLabNotesAPI {
    /// GitLab's limit for a note's `body`, in characters.
    static let bodyLimit = 1_000_000
    /// Notes listed per page (GitLab's maximum) and pages read at most, newest first.
    static let pageSize = 100, maxPages = 10

    /// A note's `body`, the only field sent.
    struct NoteBody: Encodable, Equatable {
        var body: String
    }

    /// The parts of a listed note the delivery reads.
    struct Note: Decodable, Equatable {
        var id: Int64
        var body: String
    }

    /// The hidden line that marks the note of build `buildID`, so a retry or a later report of
    /// the same build rewrites it instead of adding another.
    static func marker(buildID: Int64) -> String { "<!-- mobile-ops-findings build \(buildID) -->" }

    // MARK: Requests

    /// Page `page` (from 1) of the merge request's notes, newest first.
    static func listRequest(
        repository: String, mergeRequest iid: Int, page: Int, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        let query = "sort=desc&order_by=created_at&per_page=\(pageSize)&page=\(page)"
        return HTTPRequest(
            method: .get, url: try notesURL(repository, iid: iid, configuration: configuration) + "?\(query)",
            headers: GitLabClient.headers(.rest, token: token, userAgent: configuration.userAgent), timeout: configuration.requestTimeout)
    }

    /// Writes a new note.
    static func createRequest(
        _ body: NoteBody, repository: String, mergeRequest iid: Int, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: try notesURL(repository, iid: iid, configuration: configuration),
            headers: GitLabClient.headers(.rest, token: token, userAgent: configuration.userAgent),
            body: try HostEncoding.jsonBody(body), timeout: configuration.requestTimeout)
    }

    /// Rewrites note `noteID`.
    static func updateRequest(
        _ body: NoteBody, noteID: Int64, repository: String, mergeRequest iid: Int, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        HTTPRequest(
            method: .put, url: try notesURL(repository, iid: iid, configuration: configuration) + "/\(noteID)",
            headers: GitLabClient.headers(.rest, token: token, userAgent: configuration.userAgent),
            body: try HostEncoding.jsonBody(body), timeout: configuration.requestTimeout)
    }

    private static func notesURL(_ repository: String, iid: Int, configuration: NotifierConfiguration) throws(CommitStatusError) -> String {
        configuration.gitlabAPIURL + (try GitLabStatusAPI.projectPath(repository)) + "/merge_requests/\(iid)/notes"
    }

    // MARK: Content

    /// The note: the marker, a heading, the comparison, and a table of the new findings
    /// (errors first), cut to stay within GitLab's limit.
    static func noteBody(_ report: FindingsReport, detailsURL: String?) -> String {
        var text = marker(buildID: report.build.id) + "\n### MobileOps findings: \(report.headline)\n\n" + report.comparison
        if let detailsURL { text += "\n\nEvery finding: \(detailsURL)" }
        guard !report.new.isEmpty else { return text }
        let table = FindingsReport.table(report.newBySeverity, limit: bodyLimit - text.utf8.count - 200)
        text += "\n\n" + table.text
        if table.shown < report.new.count {
            text += "\n…and \(report.new.count - table.shown) more new findings: a note holds at most \(bodyLimit) characters."
        }
        return text
    }
}
