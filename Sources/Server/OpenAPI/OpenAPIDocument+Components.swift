extension OpenAPIDocument {
    /// The document's `components` members: the schemas (`OpenAPIDocument+Schemas.swift`, from
    /// the JSON files in `Schemas/`), then the shared responses and the security schemes below;
    /// readable JSON, one member per line.
    static let components: String = "\"schemas\": {" + schemaGroups.joined(separator: ",") + "},\n" + responses + securitySchemes

    /// The shared responses (`components.responses`), one a line: its name, its description,
    /// and for one that answers 503 or 504 the error codes it lists in `x-mobile-ops-codes` and
    /// what its `Retry-After` header says. Operations name them through
    /// `OpenAPIOperation.SharedError` or get them from their route (401, 403, 413, 500).
    private static let responses: String = "\"responses\": {\n" + [
        response("BadRequest", "Malformed JSON, a missing field, a wrong type or a value out of range."),
        response("Unauthorized", "A missing, malformed, unknown or revoked token (`WWW-Authenticate: Bearer`)."),
        response("Forbidden", "A token without the needed scope."),
        response("NotFound", "An unknown id."),
        response("Conflict", "A name taken, or a state that does not allow the action."),
        response("PayloadTooLarge", "A body over the limit."),
        response("DatabaseUnavailable", "The server cannot reach its PostgreSQL database (`database_unavailable`): nothing was done. Retry after `Retry-After` seconds (5), or on another server of the cluster; the server reconnects by itself and `/readyz` says not ready meanwhile.", codes: ["database_unavailable"], retryAfter: mixedRetryAfter),
        response("AnalysisUnavailable", "The analysis was not carried out: every analysis slot stayed busy until the request's deadline (`analysis_busy`), the server is shutting down and stopped it (`shutting_down`), or the server cannot reach its PostgreSQL database (`database_unavailable`). Retry after `Retry-After` seconds (5). docs/operations.md (Limits) gives the slots and the deadline.", codes: ["analysis_busy", "shutting_down", "database_unavailable"], retryAfter: "Seconds to wait before retrying: 5."),
        response("AnalysisTimeout", "The analysis did not finish within its deadline and was stopped (`analysis_timeout`); the same request would take as long again. Narrow it (fewer changed files or run-all patterns, a `project` folder) or give a `graph`. docs/operations.md (Limits) gives the deadline.", codes: ["analysis_timeout"]),
        response("WriteUnavailable", "Nothing of the request was stored: the server's disk is full (`storage_full`; reads keep working) or the server cannot reach its PostgreSQL database (`database_unavailable`). Retry after `Retry-After` seconds.", codes: ["storage_full", "database_unavailable"], retryAfter: mixedRetryAfter),
        response("WebhookUnavailable", "Nothing of the delivery was stored: the server is reading as many unauthenticated bodies as it allows at once (`server_busy`, a share of the connection cap, `MOBILE_OPS_UNAUTHENTICATED_CONNECTIONS_PERCENT`), the server's disk is full (`storage_full`) or the server cannot reach its PostgreSQL database (`database_unavailable`). Retry after `Retry-After` seconds.", codes: ["server_busy", "storage_full", "database_unavailable"], retryAfter: "Seconds to wait before retrying: 5 for `server_busy` and `database_unavailable`, 30 for `storage_full`."),
        response("RequestTimeout", "The body did not arrive whole within `MOBILE_OPS_UNAUTHENTICATED_BODY_SECONDS` (`request_timeout`); nothing was done, and the connection is closed."),
        response("ArtifactUnavailable", "The artifact storage (S3, a shared folder) cannot be used right now (`artifact_storage_unavailable`; what failed is in the server's log) or the server cannot reach its PostgreSQL database (`database_unavailable`). Retry after `Retry-After` seconds.", codes: ["artifact_storage_unavailable", "database_unavailable"], retryAfter: mixedRetryAfter),
        response("ArtifactUploadUnavailable", "Nothing was stored: the artifact storage (S3, a shared folder) cannot be used right now (`artifact_storage_unavailable`; what failed is in the server's log), the disk the upload is staged on is full (`storage_full`) or the server cannot reach its PostgreSQL database (`database_unavailable`). Retry after `Retry-After` seconds.", codes: ["artifact_storage_unavailable", "storage_full", "database_unavailable"], retryAfter: mixedRetryAfter),
        response("CacheStorageUnavailable", "Nothing was stored or deleted: the build cache's storage failed (`cache_storage_unavailable`; what failed is in the server's log) or the server cannot reach its PostgreSQL database to check the token (`database_unavailable`). Retry after `Retry-After` seconds.", codes: ["cache_storage_unavailable", "database_unavailable"], retryAfter: "Seconds to wait before retrying: 5 for `database_unavailable`, 10 for `cache_storage_unavailable`."),
        response("InternalError", "The server failed; the message names the request id."),
    ].joined(separator: ",\n") + "\n},\n"

    /// What `Retry-After` says on the responses whose 503 may be any of the common ones: the
    /// database, the artifact storage or the disk.
    private static let mixedRetryAfter =
        "Seconds to wait before retrying: 5 for `database_unavailable`, 10 for `artifact_storage_unavailable`, 30 for `storage_full`."

    /// One shared response as the document sets it out, a member a line; every one has the
    /// `Error` body.
    private static func response(_ name: String, _ description: String, codes: [String] = [], retryAfter: String? = nil) -> String {
        var lines = ["  \(OpenAPIJSON.quoted(name)): {", "    \"description\": \(OpenAPIJSON.quoted(description)),"]
        if !codes.isEmpty {
            lines.append("    \"x-mobile-ops-codes\": [\(codes.map(OpenAPIJSON.quoted).joined(separator: ", "))],")
        }
        if let retryAfter {
            lines += retryAfterHeader(retryAfter)
        }
        lines.append(##"    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}"##)
        lines.append("  }")
        return lines.joined(separator: "\n")
    }

    /// The `headers` member of a response that says when to retry: the header on one line
    /// where that line stays within 120 characters, a member a line otherwise.
    private static func retryAfterHeader(_ description: String) -> [String] {
        let schema = #""schema": {"type": "integer"}"#
        let oneLine = #"      "Retry-After": {"description": \#(OpenAPIJSON.quoted(description)), \#(schema)}"#
        let header =
            oneLine.count <= 120
            ? [oneLine]
            : [#"      "Retry-After": {"#, #"        "description": \#(OpenAPIJSON.quoted(description)),"#, "        \(schema)", "      }"]
        return [#"    "headers": {"#] + header + ["    },"]
    }

    /// The `securitySchemes` member.
    private static let securitySchemes = ##"""
"securitySchemes": {
  "bearerAuth": {
    "type": "http",
    "scheme": "bearer",
    "bearerFormat": "mo_<id>_<secret>",
    "description": "An API token with scopes read, write or admin; each operation's `x-mobile-ops-scope` names the least scope it needs."
  },
  "basicAuth": {
    "type": "http",
    "scheme": "basic",
    "description": "An API token as the HTTP Basic password, with any user name: what build-cache clients (Gradle, ccache, Bazel) send. Only the /cache/ operations take it."
  },
  "agentToken": {
    "type": "http",
    "scheme": "bearer",
    "bearerFormat": "moa_…",
    "description": "An agent's own token, from POST /api/v1/agents/register."
  },
  "registrationToken": {
    "type": "http",
    "scheme": "bearer",
    "bearerFormat": "mor_…",
    "description": "A registration token an admin created with POST /api/v1/agents/tokens."
  },
  "githubSignature": {
    "type": "apiKey",
    "in": "header",
    "name": "X-Hub-Signature-256",
    "description": "`sha256=<hex HMAC-SHA256 of the body>` with the repository's webhook secret."
  },
  "gitlabToken": {
    "type": "apiKey",
    "in": "header",
    "name": "X-Gitlab-Token",
    "description": "The repository's webhook secret in clear."
  },
  "bitbucketSignature": {
    "type": "apiKey",
    "in": "header",
    "name": "X-Hub-Signature",
    "description": "`sha256=<hex HMAC-SHA256 of the body>` with the repository's webhook secret."
  },
  "feedToken": {
    "type": "apiKey",
    "in": "query",
    "name": "token",
    "description": "A read token in the query, for /feed.json only."
  }
}
"""##
}
