import Foundation
import MemberwiseInit

/// A stored secret as the API lists it: its name, scope and facts, never its value.
///
/// A secret belongs to a repository; with a `pipeline` it is that pipeline's only (and, for
/// that pipeline, takes the place of a secret of the same name without one); with `branches`
/// only builds of a matching branch get it; pull-request builds get it only when
/// `pullRequests` is true, and a fork's pull request never does.
@MemberwiseInit(.public)
public struct RepositorySecret: Codable, Sendable, Equatable {
    /// Storage id.
    public var id: Int64
    /// The repository it belongs to.
    public var repositoryID: Int64
    /// The name jobs ask for it by (`SecretName`).
    public var name: String
    /// The one pipeline that may have it; nil for every pipeline of the repository.
    public var pipeline: String?
    /// Branch patterns (`main`, `release/*`) a build's branch must match; nil for every branch.
    public var branches: [String]?
    /// Whether pull-request builds from the repository itself may have it (never a fork's).
    public var pullRequests: Bool
    /// How a job receives it: an environment variable, or a file whose path the variable holds.
    public var kind: JobSecrets.Kind
    /// The value's size in bytes.
    public var size: Int
    /// A short fingerprint of the value (an HMAC keyed by the secrets key, 8 hexadecimal
    /// digits): tells whether two secrets or two versions hold the same value, and nothing of it.
    public var fingerprint: String
    /// When it was first set.
    public var createdAt: Date
    /// Who first set it (a token's name).
    public var createdBy: String
    /// When its value or scope last changed.
    public var updatedAt: Date
    /// Who last changed it.
    public var updatedBy: String
}
