import Core
import Foundation
import Logging

/// Where uploaded artifacts are kept (`MOBILE_OPS_ARTIFACTS`).
///
/// Several replicas must share one location that every one of them can read: a folder on a
/// network volume they all mount, or an S3-compatible bucket. The default keeps today's
/// single-server layout, a folder beside the database.
public enum ArtifactLocation: Sendable, Equatable, CustomStringConvertible {
    /// `artifacts/` in the database file's folder (the default; on PostgreSQL, in the folder
    /// of `--database`'s default SQLite path).
    case besideDatabase
    /// A folder named by path, such as a shared volume.
    case folder(String)
    /// An S3-compatible bucket.
    case s3(S3ArtifactSettings)

    /// For logs; never includes a key.
    public var description: String {
        switch self {
        case .besideDatabase: "artifacts/ beside the database"
        case .folder(let path): "folder \(path)"
        case .s3(let settings): settings.description
        }
    }

    /// Reads `MOBILE_OPS_ARTIFACTS` (and for a bucket, the `MOBILE_OPS_S3_*` settings).
    /// - Throws: `ConfigurationError` naming the variable at fault.
    public static func resolve(environment: [String: String]) throws(ConfigurationError) -> ArtifactLocation {
        guard let value = environment["MOBILE_OPS_ARTIFACTS"], !value.isEmpty else { return .besideDatabase }
        if value.lowercased().hasPrefix("s3://") {
            return .s3(try S3ArtifactSettings.resolve(url: value, environment: environment))
        }
        guard !value.contains("://") else {
            throw ConfigurationError(
                setting: "MOBILE_OPS_ARTIFACTS",
                message: "MOBILE_OPS_ARTIFACTS must be a folder path or s3://bucket/prefix, not '\(value)'")
        }
        return .folder(value)
    }

    /// The storage this location names; `databasePath` places the default folder and the
    /// staging folder of a bucket's uploads.
    public func storage(databasePath: String, logger: Logger) -> any ArtifactStorage {
        let besideDatabase = URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("artifacts").path
        switch self {
        case .besideDatabase:
            return FolderArtifactStorage(directory: besideDatabase, createsFolder: true, logger: logger)
        case .folder(let path):
            return FolderArtifactStorage(directory: URL(fileURLWithPath: path).standardizedFileURL.path, createsFolder: false, logger: logger)
        case .s3(let settings):
            return S3ArtifactStorage(settings: settings, stagingFolder: besideDatabase + "/incoming", logger: logger)
        }
    }
}
