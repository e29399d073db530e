import Artifacts
import Hummingbird

extension ArtifactStorageError {
    /// The answer a client gets: 404 `artifact_missing` for a missing artifact; 503
    /// `artifact_storage_unavailable` with `Retry-After: 10` when the storage failed
    /// (``APIError/storageUnavailable(_:code:)``, which says nothing of what failed).
    var apiError: APIError {
        switch self {
        case .missing(let message):
            APIError(.notFound, code: "artifact_missing", message: message)
        case .unavailable:
            APIError.storageUnavailable("the artifact storage", code: "artifact_storage_unavailable")
        }
    }
}
