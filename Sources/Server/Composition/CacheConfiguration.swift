import Artifacts
import Core
import Foundation

/// The build cache's settings, from environment variables only.
public struct CacheConfiguration: Sendable, Equatable {
    /// The folder entries are kept in (`MOBILE_OPS_CACHE`); nil for `cache/` beside the
    /// database file, or for a bucket.
    public var folder: String?
    /// The bucket entries are kept in (`MOBILE_OPS_CACHE=s3://bucket/prefix` and the
    /// artifacts' `MOBILE_OPS_S3_*` settings); nil for a folder.
    public var s3: S3ArtifactSettings?
    /// Each namespace's cap in bytes, all protocols together
    /// (`MOBILE_OPS_CACHE_NAMESPACE_MAX_BYTES`); nil for none. Past it the namespace's least
    /// recently used entries are evicted, in the background, down to 90 %.
    public var namespaceMaxBytes: Int64?
    /// How many namespaces may hold entries (`MOBILE_OPS_CACHE_MAX_NAMESPACES`); nil for no
    /// limit. An upload that would start one more is refused (403 `cache_namespace_limit`).
    public var maxNamespaces: Int?
    /// The largest entry accepted, in bytes (`MOBILE_OPS_CACHE_MAX_ENTRY_BYTES`, default
    /// 100 MiB, as Develocity's); a larger upload is answered 413.
    public var maxEntrySize: Int64 = 100 * 1024 * 1024
    /// The most bytes the kept entries may take (`MOBILE_OPS_CACHE_MAX_BYTES`, default 20 GiB):
    /// past it the least recently used entries are evicted, in the background, down to 90 %.
    public var maxBytes: Int64 = 20 * 1024 * 1024 * 1024
    /// Free space an upload must leave on the cache's disk, in bytes
    /// (`MOBILE_OPS_CACHE_MIN_FREE_BYTES`, default 256 MiB); an upload that would not is
    /// answered 507, and reads go on.
    public var minimumFreeBytes: Int64 = 256 * 1024 * 1024

    /// The defaults.
    public init() {}

    /// The folder entries are kept in: ``folder``, or `cache/` in the folder of `databasePath`.
    public func directory(databasePath: String) -> String {
        if let folder { return URL(fileURLWithPath: folder).standardizedFileURL.path }
        return URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("cache").path
    }

    /// Reads the `MOBILE_OPS_CACHE*` variables.
    /// - Throws: `ConfigurationError` naming the variable at fault.
    static func resolve(environment: [String: String]) throws(ConfigurationError) -> CacheConfiguration {
        var configuration = CacheConfiguration()
        if let value = environment["MOBILE_OPS_CACHE"], !value.isEmpty {
            if value.lowercased().hasPrefix("s3://") {
                configuration.s3 = try S3ArtifactSettings.resolve(url: value, setting: "MOBILE_OPS_CACHE", environment: environment)
            } else {
                guard !value.contains("://") else {
                    throw ConfigurationError(
                        setting: "MOBILE_OPS_CACHE", message: "MOBILE_OPS_CACHE must be a folder path or s3://bucket/prefix, not '\(value)'")
                }
                configuration.folder = value
            }
        }
        func bytes(_ variable: String, atLeast minimum: Int64) throws(ConfigurationError) -> Int64? {
            guard let value = environment[variable], !value.isEmpty else { return nil }
            guard let bytes = Int64(value), bytes >= minimum else {
                throw ConfigurationError(setting: variable, message: "\(variable) must be a byte count of at least \(minimum), not '\(value)'")
            }
            return bytes
        }
        if let value = try bytes("MOBILE_OPS_CACHE_MAX_ENTRY_BYTES", atLeast: 1024) { configuration.maxEntrySize = value }
        if let value = try bytes("MOBILE_OPS_CACHE_MIN_FREE_BYTES", atLeast: 0) { configuration.minimumFreeBytes = value }
        if let value = try bytes("MOBILE_OPS_CACHE_MAX_BYTES", atLeast: 1024 * 1024) { configuration.maxBytes = value }
        configuration.namespaceMaxBytes = try bytes("MOBILE_OPS_CACHE_NAMESPACE_MAX_BYTES", atLeast: 1024 * 1024)
        if let value = environment["MOBILE_OPS_CACHE_MAX_NAMESPACES"], !value.isEmpty {
            guard let count = Int(value), count >= 1 else {
                throw ConfigurationError(
                    setting: "MOBILE_OPS_CACHE_MAX_NAMESPACES", message: "MOBILE_OPS_CACHE_MAX_NAMESPACES must be a count of at least 1, not '\(value)'")
            }
            configuration.maxNamespaces = count
        }
        return configuration
    }
}
