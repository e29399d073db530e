import Core
import Foundation

/// The build cache's settings, from environment variables only.
public struct CacheConfiguration: Sendable, Equatable {
    /// The folder entries are kept in (`MOBILE_OPS_CACHE`); nil for `cache/` beside the
    /// database file.
    public var folder: String?
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
            guard !value.contains("://") else {
                // S3 storage is planned (the artifacts' client and settings), not there yet.
                throw ConfigurationError(
                    setting: "MOBILE_OPS_CACHE",
                    message: "MOBILE_OPS_CACHE must be a folder path (S3 storage for the build cache is not supported yet), not '\(value)'")
            }
            configuration.folder = value
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
        return configuration
    }
}
