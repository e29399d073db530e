import Core
import MemberwiseInit

/// What the outbox carries to report a build's state to the git host as a commit status.
@MemberwiseInit(.package)
public struct CommitStatusPayload: Codable, Sendable, Equatable {
    /// The outbox `kind` of these messages.
    public static let kind = "commit_status"

    /// The build.
    public var buildID: Int64
    /// Its repository, whose provider and API decide how the status is sent.
    public var repositoryID: Int64
    /// Build number in the repository, for the status description.
    public var number: Int
    /// Pipeline name, used as the status context (`mobile-ops/<pipeline>`).
    public var pipeline: String
    /// The commit the status is about.
    public var commitSHA: String
    /// The build state at the time of the change (`BuildState` raw value).
    public var state: String

    /// The message's JSON text, written directly (a commit status goes with every build);
    /// `JSONDecoder` reads it back as this value.
    package var jsonText: String {
        "{\"buildID\":\(buildID),\"commitSHA\":\(JSONText.quoted(commitSHA)),\"number\":\(number),"
            + "\"pipeline\":\(JSONText.quoted(pipeline)),\"repositoryID\":\(repositoryID),\"state\":\(JSONText.quoted(state))}"
    }
}
