import Foundation

/// A test whose failures do not fail a `devices:` step: it still runs and is reported, with
/// its verdict. Muted by hand (`mobile-ops tests mute`) or by the rule (it failed and passed
/// in one build: flipped on one commit); it recovers after ``cleanRunsToRecover`` runs in a
/// row that passed at once, or by hand (`mobile-ops tests unmute`). A mute holds in one
/// repository: two repositories may have tests of the same name.
public struct MutedTest: Codable, Sendable, Equatable {
    /// The repository whose builds it is muted in; nil for builds of no repository.
    public var repositoryID: Int64?
    /// The repository's name, when listed (not stored: a renamed repository shows its new name).
    public var repository: String?
    /// The test's name, as the runner names it.
    public var name: String
    /// Why it is muted.
    public var reason: String
    /// Who muted it: a token's name, or `rule`.
    public var mutedBy: String
    /// When.
    public var mutedAt: Date
    /// Runs since, in a row, in which it passed at its first attempt.
    public var cleanRuns: Int

    /// Runs in a row that pass at their first attempt after which a test unmutes itself.
    public static let cleanRunsToRecover = 3
    /// Who the rule's mutes name.
    public static let rule = "rule"

    /// Creates a muted test.
    public init(repositoryID: Int64?, name: String, reason: String, mutedBy: String, mutedAt: Date, cleanRuns: Int = 0) {
        self.repositoryID = repositoryID
        self.repository = nil
        self.name = name
        self.reason = reason
        self.mutedBy = mutedBy
        self.mutedAt = mutedAt
        self.cleanRuns = cleanRuns
    }
}
