import Core
import HTTPClient

// MARK: - GitHubChecksAPI

/// GitHub's Checks API as the findings report uses it (github.com and Enterprise Server):
/// - `GET  {api}/repos/{owner}/{repo}/commits/{sha}/check-runs?check_name=…&filter=all`
///   finds a check run this message already created (by `external_id`);
/// - `POST {api}/repos/{owner}/{repo}/check-runs` creates it, completed, with the first
///   annotations;
/// - `PATCH {api}/repos/{owner}/{repo}/check-runs/{id}` appends the next ones: GitHub takes at
///   most 50 annotations per request and appends those of each update.
///
/// Only GitHub Apps may write check runs: a personal access token gets 403.
enum GitHubChecksAPI {
    /// GitHub's limit of annotations in one request.
    static let annotationsPerRequest = 50
    /// The most annotations MobileOps puts on one check run (20 requests); the rest are counted
    /// in the summary. GitHub documents no total, but a pull request with more is unreadable.
    static let maxAnnotations = 1_000
    /// GitHub's limit for `output.summary` and `output.text`.
    static let textLimit = 65_535
    /// Check runs listed per page (GitHub's maximum) and pages read at most.
    static let pageSize = 100, maxPages = 10

    // MARK: Bodies

    /// One annotation: a file, a line range, a level and a message.
    struct Annotation: Codable, Equatable {
        var path: String
        var startLine: Int
        var endLine: Int
        var annotationLevel: String
        var message: String
        var title: String

        enum CodingKeys: String, CodingKey {
            case path, message, title
            case startLine = "start_line", endLine = "end_line", annotationLevel = "annotation_level"
        }
    }

    /// The `output` object: `title` and `summary` are required on create and update alike.
    struct Output: Encodable, Equatable {
        var title: String
        var summary: String
        var annotations: [Annotation]
    }

    /// `POST …/check-runs`: a completed run (so `conclusion` is required).
    struct CreateBody: Encodable, Equatable {
        var name: String
        var headSHA: String
        var externalID: String
        var detailsURL: String?
        var status = "completed"
        var conclusion: String
        var output: Output

        enum CodingKeys: String, CodingKey {
            case name, status, conclusion, output
            case headSHA = "head_sha", externalID = "external_id", detailsURL = "details_url"
        }
    }

    /// `PATCH …/check-runs/{id}`: only the output, whose annotations are appended.
    struct UpdateBody: Encodable, Equatable {
        var output: Output
    }

    /// The parts of a check run the delivery reads back.
    struct CheckRun: Decodable, Equatable {
        struct RunOutput: Decodable, Equatable {
            var annotationsCount: Int

            enum CodingKeys: String, CodingKey { case annotationsCount = "annotations_count" }
        }

        var id: Int64
        var externalID: String?
        var output: RunOutput?

        enum CodingKeys: String, CodingKey {
            case id, output
            case externalID = "external_id"
        }
    }

    /// `GET …/commits/{sha}/check-runs`'s answer.
    struct CheckRunList: Decodable, Equatable {
        var checkRuns: [CheckRun]

        enum CodingKeys: String, CodingKey { case checkRuns = "check_runs" }
    }

    // MARK: Requests

    /// Page `page` (from 1) of the check runs named `name` on `commitSHA`, every one of them
    /// (`filter=all`), not only the latest.
    static func listRequest(
        repository: String, commitSHA: String, name: String, page: Int, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        let query = "check_name=\(HostEncoding.pathSegment(name))&filter=all&per_page=\(pageSize)&page=\(page)"
        return HTTPRequest(
            method: .get, url: configuration.githubAPIURL + (try GitHubStatusAPI.repositoryPath(repository)) + "/commits/\(commitSHA)/check-runs?\(query)",
            headers: GitHubClient.headers(.rest, token: token, userAgent: configuration.userAgent), timeout: configuration.requestTimeout)
    }

    /// Creates the check run.
    static func createRequest(
        _ body: CreateBody, repository: String, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: configuration.githubAPIURL + (try GitHubStatusAPI.repositoryPath(repository)) + "/check-runs",
            headers: GitHubClient.headers(.rest, token: token, userAgent: configuration.userAgent),
            body: try HostEncoding.jsonBody(body), timeout: configuration.requestTimeout)
    }

    /// Appends `body`'s annotations to check run `id`.
    static func updateRequest(
        _ body: UpdateBody, checkRunID id: Int64, repository: String, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        HTTPRequest(
            method: .patch, url: configuration.githubAPIURL + (try GitHubStatusAPI.repositoryPath(repository)) + "/check-runs/\(id)",
            headers: GitHubClient.headers(.rest, token: token, userAgent: configuration.userAgent),
            body: try HostEncoding.jsonBody(body), timeout: configuration.requestTimeout)
    }

    // MARK: Mapping

    /// GitHub's annotation levels: `failure` for errors, `warning`, `notice` for the rest.
    static func level(_ level: String) -> String {
        switch level {
        case "error": "failure"
        case "warning": "warning"
        default: "notice"
        }
    }

    /// The annotation for a finding with a file and line (nil for one without).
    static func annotation(_ finding: FindingsReport.Finding) -> Annotation? {
        guard finding.hasLine, let path = finding.path, let line = finding.line else { return nil }
        return Annotation(
            path: path, startLine: line, endLine: line, annotationLevel: level(finding.level),
            // 64 KB for the message, 255 characters for the title.
            message: FindingsReport.capped(finding.shownMessage, bytes: 60_000),
            title: String("\(finding.tool): \(finding.ruleID)".prefix(255)))
    }
}
