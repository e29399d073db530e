import Core
import MemberwiseInit

/// What the outbox carries to put a finished build's new analyser findings on its pull request
/// (a GitHub check run, a GitLab merge-request note, a Bitbucket Code Insights report).
///
/// Only the build is named: the handler reads the findings and the comparison when it sends,
/// so a report always shows what the build has then, and a retry needs nothing else.
@MemberwiseInit(.public)
public struct FindingsReportPayload: Codable, Sendable, Equatable {
    /// The outbox `kind` of these messages.
    public static let kind = "findings_report"

    /// The build whose findings to report.
    public var buildID: Int64

    /// The message's JSON text; `JSONDecoder` reads it back as this value.
    package var jsonText: String { "{\"buildID\":\(buildID)}" }

    /// Whether a build in `state` at `commitSHA` of `repositoryID` can have a report at all: it
    /// has finished, and there is a repository and a commit object name to attach it to.
    package static func isReportable(state: BuildState, repositoryID: Int64?, commitSHA: String) -> Bool {
        state.isFinished && repositoryID != nil && CommitReference.isObjectName(commitSHA)
    }
}
