import Core
import HTTPClient

// MARK: - BitbucketReportsAPI

/// Bitbucket Cloud's Code Insights, as the findings report uses it:
/// - `DELETE {api}/2.0/repositories/{workspace}/{repo_slug}/commit/{sha}/reports/{reportId}`
///   drops what an earlier report of the same id held;
/// - `PUT    …/reports/{reportId}` creates the report (title, details, result, counts);
/// - `POST   …/reports/{reportId}/annotations` adds up to 100 annotations a request, each with
///   its own `external_id`, so sending one again updates it rather than adding it twice.
enum BitbucketReportsAPI {
    /// Bitbucket's limit of annotations in one request.
    static let annotationsPerRequest = 100
    /// Bitbucket's limit of annotations on one report.
    static let maxAnnotations = 1_000
    /// Limits of the text fields (characters): a report's `details` and an annotation's
    /// `details`, and an annotation's `summary`.
    static let detailsLimit = 2_000, summaryLimit = 450

    // MARK: Bodies

    /// One `data` field shown on the report.
    struct DataField: Encodable, Equatable {
        var title: String
        var type: String
        var value: Value

        /// A number or a text, as the field's `type` says.
        enum Value: Encodable, Equatable {
            case number(Int)
            case text(String)

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .number(let number): try container.encode(number)
                case .text(let text): try container.encode(text)
                }
            }
        }
    }

    /// `PUT …/reports/{reportId}`.
    struct ReportBody: Encodable, Equatable {
        var title: String
        var details: String
        var reportType = "BUG"
        var reporter = "MobileOps"
        var link: String?
        var result: String
        var data: [DataField]

        enum CodingKeys: String, CodingKey {
            case title, details, reporter, link, result, data
            case reportType = "report_type"
        }
    }

    /// One element of `POST …/annotations`.
    struct AnnotationBody: Encodable, Equatable {
        var externalID: String
        var annotationType: String
        var summary: String
        var details: String
        var severity: String
        var path: String?
        var line: Int?

        enum CodingKeys: String, CodingKey {
            case summary, details, severity, path, line
            case externalID = "external_id", annotationType = "annotation_type"
        }
    }

    // MARK: Requests

    /// The report's URL: one report per pipeline on a commit, so a later build of the same
    /// commit replaces it and other pipelines keep theirs.
    static func reportURL(_ report: FindingsReport, repository: String, configuration: NotifierConfiguration) throws(CommitStatusError) -> String {
        let id = "mobile-ops-findings-" + String(report.build.pipeline.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return configuration.bitbucketAPIURL + (try BitbucketStatusAPI.repositoryPath(repository))
            + "/commit/\(report.build.commitSHA)/reports/\(HostEncoding.pathSegment(id))"
    }

    /// A request to the report's URL (plus `suffix`) with `body`, when there is one.
    static func request(
        _ method: HTTPMethod, _ url: String, body: (some Encodable)?, token: String, configuration: NotifierConfiguration
    ) throws(CommitStatusError) -> HTTPRequest {
        HTTPRequest(
            method: method, url: url, headers: BitbucketClient.headers(token: token, userAgent: configuration.userAgent),
            body: try body.map { value throws(CommitStatusError) in try HostEncoding.jsonBody(value) }, timeout: configuration.requestTimeout)
    }

    // MARK: Content

    /// The report: the headline, the comparison, FAILED when a new finding is an error.
    static func reportBody(_ report: FindingsReport, link: String?) -> ReportBody {
        var data: [DataField] = [
            DataField(title: "New findings", type: "NUMBER", value: .number(report.new.count)),
            DataField(title: "New errors", type: "NUMBER", value: .number(report.newErrors)),
            DataField(title: "Unchanged", type: "NUMBER", value: .number(report.unchanged)),
            DataField(title: "Fixed", type: "NUMBER", value: .number(report.fixed)),
        ]
        if let base = report.baseBuildID {
            data.append(DataField(title: "Compared with", type: "TEXT", value: .text("build \(base)" + (report.baseBranch.map { " of \($0)" } ?? ""))))
        }
        var details = report.comparison
        let extra = report.new.count - min(report.new.count, maxAnnotations)
        if extra > 0 { details += " \(extra) more new findings are not annotated: a report holds at most \(maxAnnotations)." }
        return ReportBody(
            title: String("MobileOps findings: \(report.headline)".prefix(summaryLimit)), details: String(details.prefix(detailsLimit)),
            link: link, result: report.conclusion == .failure ? "FAILED" : "PASSED", data: data)
    }

    /// The annotations: every new finding (errors first, capped), on its file and line when it
    /// has them, else on the report's overview.
    static func annotations(_ report: FindingsReport) -> [AnnotationBody] {
        report.newBySeverity.prefix(maxAnnotations).enumerated().map { index, finding in
            AnnotationBody(
                externalID: "mobile-ops-\(report.build.id)-\(index + 1)", annotationType: finding.isError ? "BUG" : "CODE_SMELL",
                summary: String("\(finding.ruleID): \(finding.shownMessage)".prefix(summaryLimit)),
                details: String("\(finding.tool) rule \(finding.ruleID): \(finding.shownMessage)".prefix(detailsLimit)),
                severity: severity(finding.level), path: finding.path?.isEmpty == false ? finding.path : nil,
                line: (finding.line ?? 0) > 0 ? finding.line : nil)
        }
    }

    /// Bitbucket's severities: errors HIGH, warnings MEDIUM, the rest LOW.
    static func severity(_ level: String) -> String {
        switch level {
        case "error": "HIGH"
        case "warning": "MEDIUM"
        default: "LOW"
        }
    }
}
