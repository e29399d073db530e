import Artifacts
import Hummingbird

extension ArtifactStorageError {
    /// The answer a client gets: 404 `artifact_missing` for a missing artifact; 503
    /// `artifact_storage_unavailable` with `Retry-After: 10` when the storage failed, since
    /// an object store or a network volume usually comes back within seconds to minutes.
    ///
    /// The 503 says nothing of what failed: that names object URLs, endpoints and folders,
    /// which are the operator's to read in the log (the caller logs it), not a client's.
    var apiError: APIError {
        switch self {
        case .missing(let message):
            APIError(.notFound, code: "artifact_missing", message: message)
        case .unavailable:
            APIError(
                .serviceUnavailable, code: "artifact_storage_unavailable",
                message: "the artifact storage cannot be used right now, so nothing was done; retry later (the server's log says why)",
                headers: [.retryAfter: "10"])
        }
    }
}
