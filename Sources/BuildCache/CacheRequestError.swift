/// Why a cache request cannot be served or its upload kept: each case is one answer, and
/// none of them a 5xx but a storage that is unavailable (Gradle turns the remote cache off
/// for the rest of the build on any error, so a client's mistake must read as one).
public enum CacheRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The namespace breaks the rules (400 `invalid_cache_namespace`); says how.
    case invalidNamespace(String)
    /// The key breaks the rules (400 `invalid_cache_key`); says how.
    case invalidKey(String)
    /// The upload is larger than the entry size limit (413); the limit in bytes.
    case tooLarge(limit: Int64)
    /// A content-addressed upload's SHA-256 is not its key (400 `digest_mismatch`): nothing was kept.
    case digestMismatch(expected: String, actual: String)
    /// The body ended before its declared length (400 `incomplete_upload`): nothing was kept.
    case incomplete(expected: Int64, received: Int64)
    /// The disk is full or below the free space the cache leaves (507 `cache_storage_full`):
    /// nothing was kept; reads go on. Says what failed, for the log.
    case storageFull(String)
    /// The storage failed otherwise (503 `cache_storage_unavailable`); says what failed, for the log.
    case unavailable(String)
    /// The upload would start a namespace past the cap on their count (403
    /// `cache_namespace_limit`); the cap.
    case namespaceLimit(Int)
    /// The credential (a job's) may not use this namespace (403 `cache_namespace_forbidden`);
    /// the namespace it may use.
    case namespaceForbidden(allowed: String)

    /// One line saying what happened.
    public var description: String {
        switch self {
        case .invalidNamespace(let problem), .invalidKey(let problem): problem
        case .tooLarge(let limit): "the entry is larger than the cache's limit of \(limit) bytes; nothing was stored"
        case let .digestMismatch(expected, actual):
            "the upload's SHA-256 is \(actual), not its key \(expected); nothing was stored"
        case let .incomplete(expected, received): "the upload ended after \(received) of its \(expected) bytes; nothing was stored"
        case .storageFull(let detail): "the cache's disk is full; nothing was stored (\(detail))"
        case .unavailable(let detail): "the cache storage failed: \(detail)"
        case .namespaceLimit(let cap):
            "the build cache holds entries in \(cap) namespaces, its limit (MOBILE_OPS_CACHE_MAX_NAMESPACES): a new namespace is refused; nothing was stored"
        case .namespaceForbidden(let allowed):
            "a job's cache credential reads and writes its build's namespace only, which is \(allowed)"
        }
    }
}
