import Core
import Foundation

/// One stored secret: the secret as the API lists it (scope and facts) and its sealed value
/// (`SecretBox`'s format).
///
/// The listed fields are `listing`'s own, read and written through it (`row.name`,
/// `row.pipeline`): a field added to `RepositorySecret` is stored without being declared twice.
@dynamicMemberLookup
public struct StoredSecret: Sendable, Equatable {
    /// The secret as the API lists it. Its `id` is ignored when saving; its `fingerprint` is
    /// the value's keyed fingerprint (`valueFingerprint`); its creation is kept when the row
    /// is replaced.
    public var listing: RepositorySecret
    /// The value sealed under the secrets key.
    public var sealed: [UInt8]
    /// The fingerprint of the key it is sealed under (`SecretKey.fingerprint`).
    public var keyFingerprint: String

    /// Creates a row.
    public init(
        id: Int64 = 0, repositoryID: Int64, name: String, pipeline: String?, branches: [String]?, pullRequests: Bool,
        kind: JobSecrets.Kind, sealed: [UInt8], keyFingerprint: String, valueFingerprint: String, size: Int,
        createdAt: Date, createdBy: String, updatedAt: Date, updatedBy: String
    ) {
        self.listing = RepositorySecret(
            id: id, repositoryID: repositoryID, name: name, pipeline: pipeline, branches: branches, pullRequests: pullRequests,
            kind: kind, size: size, fingerprint: valueFingerprint, createdAt: createdAt, createdBy: createdBy,
            updatedAt: updatedAt, updatedBy: updatedBy)
        self.sealed = sealed
        self.keyFingerprint = keyFingerprint
    }

    /// A listed field: `row.name` is `row.listing.name`.
    public subscript<Value>(dynamicMember field: WritableKeyPath<RepositorySecret, Value>) -> Value {
        get { listing[keyPath: field] }
        set { listing[keyPath: field] = newValue }
    }

    /// The value's keyed fingerprint, for listings (stored as `valueFingerprint`).
    public var valueFingerprint: String {
        get { listing.fingerprint }
        set { listing.fingerprint = newValue }
    }

    /// How the branch patterns are stored: one text, patterns separated by commas (a pattern
    /// holds no comma), nil for every branch.
    public static func storedBranches(_ branches: [String]?) -> String? {
        branches.map { $0.joined(separator: ",") }
    }

    /// The branch patterns of a stored text.
    public static func branches(stored text: String?) -> [String]? {
        text.map { $0.split(separator: ",").map(String.init) }
    }
}
