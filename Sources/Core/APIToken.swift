import Foundation
import MemberwiseInit

/// A bearer token as listed by the API: everything but its secret value.
@MemberwiseInit(.public)
public struct APIToken: Codable, Sendable, Equatable, Identifiable {
    /// Public identifier, also embedded in the token value so lookups need no secret.
    public var id: String
    /// Human label, e.g. `ci-bot`.
    public var name: String
    /// What the token may do.
    public var scopes: [TokenScope]
    /// When it was issued.
    public var createdAt: Date
    /// When it was revoked, if it was.
    public var revokedAt: Date?

    /// Whether the token can still be used.
    public var isActive: Bool { revokedAt == nil }
}
