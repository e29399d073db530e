/// Where a pull request build's code comes from, as its webhook told: what decides whether the
/// build may receive secrets (a fork's never does).
public enum PullRequestOrigin: String, Codable, Sendable, CaseIterable {
    /// The source branch is in the repository itself: its author can push there already.
    case sameRepository = "same_repository"
    /// The source branch is in another repository (a fork): anyone may have written it.
    case fork
    /// The payload did not name the source repository (a deleted fork, an older payload, a
    /// build stored before the origin was recorded). Treated as a fork: the safe choice.
    case unknown

    /// Whether secrets are withheld from the build: a fork, or an origin nobody can vouch for.
    public var countsAsFork: Bool { self != .sameRepository }
}
