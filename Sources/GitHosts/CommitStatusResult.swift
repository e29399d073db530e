// MARK: - CommitStatusResult

/// How a posted commit status landed.
public enum CommitStatusResult: Sendable, Equatable {
    /// The host accepted it.
    case posted
    /// The host refused it because the commit already shows that state; the text says so.
    case alreadyShown(String)
}
