import Foundation

/// Where artifacts' bytes are kept: a folder on this server's disk or a shared volume
/// (``FolderArtifactStorage``), or an S3-compatible bucket (``S3ArtifactStorage``), chosen
/// at composition from `MOBILE_OPS_ARTIFACTS`. The store keeps what each artifact is and the
/// name its bytes are kept under.
///
/// Uploads arrive in ``stagingFolder`` first (the server checks the size and computes the
/// SHA-256 while it writes) and are handed over complete, so a cut or oversized upload never
/// reaches the storage. No HTTP here: the server turns an ``ArtifactStream`` into a response
/// body and an ``ArtifactStorageError`` into an answer.
public protocol ArtifactStorage: Sendable, CustomStringConvertible {
    /// The local folder uploads are written to while they arrive.
    var stagingFolder: String { get }

    /// Makes sure ``stagingFolder`` exists before an upload is written there.
    /// - Throws: the file system's error (a full disk is answered as such), or
    ///   ``ArtifactStorageError/unavailable(_:)`` when the storage itself is not there.
    func prepareStaging() throws

    /// Takes the complete upload at `path` (in ``stagingFolder``) and keeps it as `name`.
    /// The staged file is gone afterwards, whether or not this succeeded.
    /// - Throws: ``ArtifactStorageError/unavailable(_:)`` when the storage cannot take it.
    func save(staged path: String, as name: String, size: Int64, sha256: String) async throws(ArtifactStorageError)

    /// The bytes kept as `name` (`size` of them), opened here and read while they are sent,
    /// never whole.
    /// - Throws: ``ArtifactStorageError/missing(_:)`` when nothing is kept under `name`,
    ///   ``ArtifactStorageError/unavailable(_:)`` when the storage cannot be read.
    func stream(of name: String, size: Int64) async throws(ArtifactStorageError) -> ArtifactStream

    /// Deletes what is kept as `name` (a replaced upload, or one the store refused). A
    /// failure is logged, not thrown: a leftover costs space, not correctness.
    func remove(_ name: String) async
}

extension ArtifactStorage {
    /// Creates ``stagingFolder`` and the folders above it when missing.
    public func prepareStaging() throws {
        try FileManager.default.createDirectory(atPath: self.stagingFolder, withIntermediateDirectories: true)
    }
}

// MARK: - Errors

/// Why the artifact storage could not do what was asked.
public enum ArtifactStorageError: Error, Equatable, CustomStringConvertible {
    /// Nothing is kept under the name (answered 404 `artifact_missing`); says which artifact.
    case missing(String)
    /// The storage is unreachable or refused (answered 503, and logged); says what failed,
    /// for the log only.
    case unavailable(String)

    /// The message.
    public var description: String {
        switch self {
        case .missing(let message), .unavailable(let message): message
        }
    }
}
