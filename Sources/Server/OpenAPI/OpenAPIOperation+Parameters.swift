import MemberwiseInit

extension OpenAPIOperation {
    /// One path, query or header parameter (`parameters`).
    public struct Parameter: Sendable {
        /// Where the parameter is sent.
        public enum Location: String, Sendable {
            /// A `:name` segment of the route's path.
            case path
            /// `?name=` in the query.
            case query
            /// A request header.
            case header
        }

        /// The parameter's name, as the path, query or header spells it.
        public var name: String
        /// Where it is sent.
        public var location: Location
        /// Whether the request must carry it; path parameters always do.
        public var required: Bool
        /// Its values.
        public var schema: OpenAPISchema
        /// What it means, when its name does not say it all.
        public var description: String?

        /// The path segment `:name`; a numeric id unless told.
        public static func path(_ name: String, _ schema: OpenAPISchema = .integer) -> Parameter {
            Parameter(name: name, location: .path, required: true, schema: schema, description: nil)
        }

        /// The query parameter `name`, optional unless told.
        public static func query(_ name: String, _ schema: OpenAPISchema = .string, required: Bool = false, description: String? = nil) -> Parameter {
            Parameter(name: name, location: .query, required: required, schema: schema, description: description)
        }

        /// The `limit` query parameter of a list: a whole number from 1 to `maximum`, which the
        /// list's route checks (400 `invalid_limit`).
        public static func limit(maximum: Int) -> Parameter {
            query("limit", .json(#"{"type":"integer","minimum":1,"maximum":\#(maximum)}"#))
        }

        /// The request header `name`.
        public static func header(_ name: String, _ schema: OpenAPISchema, required: Bool, description: String? = nil) -> Parameter {
            Parameter(name: name, location: .header, required: required, schema: schema, description: description)
        }

        /// The parameter as an OpenAPI Parameter Object.
        var jsonText: String {
            var members = [
                OpenAPIJSON.member("name", OpenAPIJSON.quoted(name)), OpenAPIJSON.member("in", OpenAPIJSON.quoted(location.rawValue)),
                OpenAPIJSON.member("required", required ? "true" : "false"), OpenAPIJSON.member("schema", schema.jsonText),
            ]
            if let description { members.append(OpenAPIJSON.member("description", OpenAPIJSON.quoted(description))) }
            return OpenAPIJSON.object(members)
        }
    }

    /// The request body (`requestBody`): its media types and their schemas.
    @MemberwiseInit(.public)
    public struct RequestBody: Sendable {
        /// Whether a request must carry a body.
        public var required: Bool = true
        /// Each accepted media type with its schema.
        public var content: [String: OpenAPISchema]

        /// A JSON body of `schema`.
        public static func json(_ schema: OpenAPISchema, required: Bool = true) -> RequestBody {
            RequestBody(required: required, content: ["application/json": schema])
        }

        /// The body as an OpenAPI Request Body Object.
        var jsonText: String {
            OpenAPIJSON.object([
                OpenAPIJSON.member("required", required ? "true" : "false"),
                OpenAPIJSON.member("content", OpenAPIJSON.content(content)),
            ])
        }
    }
}
