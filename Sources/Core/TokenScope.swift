/// What an API token may do.
///
/// Scopes are ordered: `admin` includes `write`, which includes `read`. A token therefore
/// needs only its highest scope, and a check asks `grants(_:)` rather than set membership.
public enum TokenScope: String, Codable, Sendable, CaseIterable, Comparable {
    /// Read anything: builds, repositories, metrics.
    case read
    /// Everything `read` allows, plus triggering, cancelling and retrying builds.
    case write
    /// Everything, including tokens, repositories and agents.
    case admin

    /// Whether a token holding this scope may do what `required` protects.
    public func grants(_ required: TokenScope) -> Bool { self >= required }

    /// The accepted spellings, comma-separated, for error messages.
    public static var allowedValues: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }

    private var rank: Int {
        switch self {
        case .read: 0
        case .write: 1
        case .admin: 2
        }
    }

    /// Orders scopes by what they grant.
    public static func < (lhs: TokenScope, rhs: TokenScope) -> Bool { lhs.rank < rhs.rank }
}

extension Collection<TokenScope> {
    /// Whether any scope in the collection grants `required`.
    public func grant(_ required: TokenScope) -> Bool { contains { $0.grants(required) } }
}
