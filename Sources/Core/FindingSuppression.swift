/// What a report says of a finding's suppression: the SARIF `suppressions` of a result
/// (§3.27.23, §3.35), read the way GitHub code scanning and GitLab's SARIF import read them.
///
/// A finding without one (no `suppressions`, or one a reviewer `rejected`) is an ordinary
/// finding. Its raw values are what the store keeps and the HTTP answers show in `suppression`.
public enum FindingSuppression: String, Codable, Sendable, CaseIterable {
    /// Silenced by the team (`// eslint-disable-line`, `@Suppress`, a baseline file): a
    /// suppression whose `status` is `accepted` or absent, none rejected or under review. The
    /// finding is stored and counted as suppressed, and is never new, never fails a step and
    /// is never annotated on a pull request.
    case accepted
    /// A suppression waiting for review: not silenced yet, so the finding counts like any other
    /// (it may be new and fail a step), and is shown as under review.
    case underReview

    /// Whether the finding is silenced: only an accepted suppression keeps it out of the
    /// comparison.
    public var silences: Bool { self == .accepted }
}
