import BuildCache
import HTTPTypes

extension CacheRequestError {
    /// The answer a client gets. None is a 5xx but the storage's own failures: Gradle turns
    /// its remote cache off for the rest of a build on any error, so a refusal says it is one.
    var apiError: APIError {
        switch self {
        case .invalidNamespace(let problem):
            APIError.badRequest(problem, code: "invalid_cache_namespace")
        case .invalidKey(let problem):
            APIError.badRequest(problem, code: "invalid_cache_key")
        case .tooLarge(let limit):
            APIError(.contentTooLarge, code: "payload_too_large", message: "the entry is larger than the cache's limit of \(limit) bytes (MOBILE_OPS_CACHE_MAX_ENTRY_BYTES); nothing was stored")
        case .digestMismatch:
            APIError.badRequest(description, code: "digest_mismatch")
        case .incomplete:
            APIError.badRequest(description, code: "incomplete_upload")
        case .storageFull:
            APIError(
                HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), code: "cache_storage_full",
                message: "the build cache's disk is full; nothing was stored, and reads go on (the server's log says more)")
        case .namespaceLimit:
            APIError(.forbidden, code: "cache_namespace_limit", message: description)
        case .namespaceForbidden:
            APIError(.forbidden, code: "cache_namespace_forbidden", message: description)
        case .unavailable:
            APIError.storageUnavailable("the build cache's storage", code: "cache_storage_unavailable")
        }
    }
}
