import Hummingbird

extension CacheController {
    /// What the OpenAPI document says of a cache endpoint of `method`.
    static func operation(_ method: HTTPRequest.Method, _ summary: String, _ parameters: [OpenAPIOperation.Parameter]) -> OpenAPIOperation {
        let credentials = "A read token reads and a write token also writes, as 'Authorization: Bearer <token>' or as the password of HTTP Basic credentials with any user name."
        let miss = OpenAPIOperation.Answer.error(404, "Nothing is kept under the key (`cache_miss`): a miss. An entry that cannot be read is answered so too.")
        switch method {
        case .get:
            return OpenAPIOperation(
                summary, tag: "build-cache", description: [credentials, "The entry is streamed from disk."], parameters: parameters,
                answers: [OpenAPIOperation.Answer(200, "The entry.", content: ["application/octet-stream": .binary]), miss],
                errors: [.badRequest, .databaseUnavailable])
        case .head:
            return OpenAPIOperation(
                summary, tag: "build-cache", description: [credentials], parameters: parameters,
                answers: [OpenAPIOperation.Answer(200, "An entry is kept; `Content-Length` is its size."), miss],
                errors: [.badRequest, .databaseUnavailable])
        case .put:
            return OpenAPIOperation(
                summary, tag: "build-cache",
                description: [
                    credentials,
                    "The body is written to a temporary file and replaces the entry only once whole: an upload cut off leaves nothing, and of two uploads of one key the last to finish is kept whole.",
                    "With `Expect: 100-continue`, `100 Continue` is sent only once the upload is accepted; a refusal (401, 403, 413, 507) comes before the body.",
                    "A Bazel CAS upload whose SHA-256 is not its key is refused (400 `digest_mismatch`).",
                ],
                parameters: parameters, body: OpenAPIOperation.RequestBody(content: ["application/octet-stream": .binary]),
                answers: [
                    OpenAPIOperation.Answer(201, "Stored whole."),
                    .error(413, "Larger than the entry limit (`MOBILE_OPS_CACHE_MAX_ENTRY_BYTES`, default 100 MiB); nothing was stored."),
                    .error(507, "The cache's disk is full, or would be left with less than `MOBILE_OPS_CACHE_MIN_FREE_BYTES` (`cache_storage_full`); nothing was stored, and reads go on."),
                ],
                errors: [.badRequest, .cacheStorageUnavailable])
        default:
            return OpenAPIOperation(
                summary, tag: "build-cache", description: [credentials], parameters: parameters,
                answers: [
                    OpenAPIOperation.Answer(204, "Deleted, or nothing was kept."),
                ],
                errors: [.badRequest, .cacheStorageUnavailable])
        }
    }
}
