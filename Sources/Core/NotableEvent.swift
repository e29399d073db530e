import Foundation
import MemberwiseInit

/// Something worth telling the team about: a failed build on a default branch, a build-time
/// regression, a release-train step. `GET /feed.json` serves the newest as a JSON Feed.
@MemberwiseInit(.public)
public struct NotableEvent: Codable, Sendable, Equatable {
    /// Storage identifier; nil before it is stored.
    public var id: Int64?
    /// What kind of event, e.g. `build.failed`, `metrics.regression`, `release.halted`.
    public var kind: String
    /// One line for people, e.g. `acme/ios-app main build #42 failed`.
    public var title: String
    /// A few sentences of detail, plain text.
    public var summary: String
    /// Where to read more (a path such as `/builds/42`, or an API path), if anywhere; the feed
    /// links the page for it, since feed readers hold no API token.
    public var url: String?
    /// When it happened.
    public var occurredAt: Date
}
