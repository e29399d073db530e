extension OpenAPIOperation {
    /// One answer particular to an operation (a member of `responses`): its status, what it
    /// means, and its body's media types and schemas.
    public struct Answer: Sendable {
        /// The HTTP status.
        public var status: Int
        /// What the answer means (`description`).
        public var description: String
        /// Each media type the body may have, with its schema; empty for no body (204).
        public var content: [String: OpenAPISchema]
        /// The answer's `headers` object as JSON text, for the few answers that document one.
        public var headers: String?

        /// An answer of any media types.
        public init(_ status: Int, _ description: String, content: [String: OpenAPISchema] = [:], headers: String? = nil) {
            self.status = status
            self.description = description
            self.content = content
            self.headers = headers
        }

        /// `200 OK` with a JSON body of the component schema `schema`: the common success.
        public static func ok(_ schema: String) -> Answer {
            json(200, "OK", .ref(schema))
        }

        /// An answer with a JSON body of `schema`.
        public static func json(_ status: Int, _ description: String, _ schema: OpenAPISchema) -> Answer {
            Answer(status, description, content: ["application/json": schema])
        }

        /// An error answer (the shared `Error` body) that the operation explains itself.
        public static func error(_ status: Int, _ description: String, headers: String? = nil) -> Answer {
            Answer(status, description, content: ["application/json": .ref("Error")], headers: headers)
        }

        /// The answer as an OpenAPI Response Object.
        var jsonText: String {
            var members = [OpenAPIJSON.member("description", OpenAPIJSON.quoted(description))]
            if let headers { members.append(OpenAPIJSON.member("headers", headers)) }
            if !content.isEmpty { members.append(OpenAPIJSON.member("content", OpenAPIJSON.content(content))) }
            return OpenAPIJSON.object(members)
        }
    }

    /// An error answer shared by many operations, kept once in `components.responses`
    /// (`OpenAPIDocument+Components.swift`); the raw value is its name there.
    ///
    /// Unauthorized, Forbidden, PayloadTooLarge and InternalError are not among them: every
    /// operation gets those that its route implies (see `OpenAPIOperation`).
    public enum SharedError: String, Sendable {
        /// 400: malformed JSON, a missing field, a value out of range.
        case badRequest = "BadRequest"
        /// 404: an unknown id.
        case notFound = "NotFound"
        /// 408: an unauthenticated body that did not arrive in time.
        case requestTimeout = "RequestTimeout"
        /// 409: a name taken, or a state that does not allow the action.
        case conflict = "Conflict"
        /// 503 `database_unavailable`: the operation needs the database.
        case databaseUnavailable = "DatabaseUnavailable"
        /// 503 `storage_full` or `database_unavailable`: the operation writes.
        case writeUnavailable = "WriteUnavailable"
        /// 503 for a webhook delivery: `server_busy`, `storage_full`, `database_unavailable`.
        case webhookUnavailable = "WebhookUnavailable"
        /// 503 for an analysis: `analysis_busy`, `shutting_down`, `database_unavailable`.
        case analysisUnavailable = "AnalysisUnavailable"
        /// 504 `analysis_timeout`.
        case analysisTimeout = "AnalysisTimeout"
        /// 503 for reading an artifact: `artifact_storage_unavailable`, `database_unavailable`.
        case artifactUnavailable = "ArtifactUnavailable"
        /// 503 for storing an artifact: also `storage_full`.
        case artifactUploadUnavailable = "ArtifactUploadUnavailable"
        /// 503 for writing to the build cache: `cache_storage_unavailable`, `database_unavailable`.
        case cacheStorageUnavailable = "CacheStorageUnavailable"

        /// The HTTP status the shared answer is documented under.
        public var status: Int {
            switch self {
            case .badRequest: 400
            case .notFound: 404
            case .requestTimeout: 408
            case .conflict: 409
            case .analysisTimeout: 504
            case .databaseUnavailable, .writeUnavailable, .webhookUnavailable, .analysisUnavailable, .artifactUnavailable, .artifactUploadUnavailable,
                .cacheStorageUnavailable:
                503
            }
        }
    }
}
