import Foundation
import MemberwiseInit

/// One entry of the audit log: who did what to which thing, and when.
///
/// Every change an API caller makes (a token issued or revoked, a repository registered)
/// is written in the same transaction as the change itself, so the log cannot miss one.
@MemberwiseInit(.public)
public struct AuditEvent: Codable, Sendable, Equatable {
    /// Storage identifier; nil before it is stored.
    public var id: Int64?
    /// When it happened.
    public var occurredAt: Date
    /// Who did it: a token's name and id, or `system`.
    public var actor: String
    /// What was done, e.g. `token.create`.
    public var action: String
    /// What it was done to, e.g. `repository:12`.
    public var subject: String
    /// Extra context, free text.
    public var detail: String?
}
