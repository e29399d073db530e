extension OpenAPIDocument {
    /// The document's `components` members: the schemas (`OpenAPIDocument+Schemas.swift`, from
    /// the JSON files in `Schemas/`), then the shared responses and the security schemes below;
    /// readable JSON, one member per line.
    static let components: String = "\"schemas\": {" + schemaGroups.joined(separator: ",") + "},\n" + responsesAndSecurity

    /// The `responses` and `securitySchemes` members. A shared response that can answer 503
    /// lists its error codes in `x-mobile-ops-codes`; operations name these responses through
    /// `OpenAPIOperation.SharedError` or get them from their route (401, 403, 413, 500).
    private static let responsesAndSecurity = ##"""
"responses": {
  "BadRequest": {
    "description": "Malformed JSON, a missing field, a wrong type or a value out of range.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "Unauthorized": {
    "description": "A missing, malformed, unknown or revoked token (`WWW-Authenticate: Bearer`).",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "Forbidden": {
    "description": "A token without the needed scope.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "NotFound": {
    "description": "An unknown id.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "Conflict": {
    "description": "A name taken, or a state that does not allow the action.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "PayloadTooLarge": {
    "description": "A body over the limit.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "DatabaseUnavailable": {
    "description": "The server cannot reach its PostgreSQL database (`database_unavailable`): nothing was done. Retry after `Retry-After` seconds (5), or on another server of the cluster; the server reconnects by itself and `/readyz` says not ready meanwhile.",
    "x-mobile-ops-codes": ["database_unavailable"],
    "headers": {
      "Retry-After": {
        "description": "Seconds to wait before retrying: 5 for `database_unavailable`, 10 for `artifact_storage_unavailable`, 30 for `storage_full`.",
        "schema": {"type": "integer"}
      }
    },
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "AnalysisUnavailable": {
    "description": "The analysis was not carried out: every analysis slot stayed busy until the request's deadline (`analysis_busy`), the server is shutting down and stopped it (`shutting_down`), or the server cannot reach its PostgreSQL database (`database_unavailable`). Retry after `Retry-After` seconds (5). docs/operations.md (Limits) gives the slots and the deadline.",
    "x-mobile-ops-codes": ["analysis_busy", "shutting_down", "database_unavailable"],
    "headers": {
      "Retry-After": {"description": "Seconds to wait before retrying: 5.", "schema": {"type": "integer"}}
    },
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "AnalysisTimeout": {
    "description": "The analysis did not finish within its deadline and was stopped (`analysis_timeout`); the same request would take as long again. Narrow it (fewer changed files or run-all patterns, a `project` folder) or give a `graph`. docs/operations.md (Limits) gives the deadline.",
    "x-mobile-ops-codes": ["analysis_timeout"],
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "WriteUnavailable": {
    "description": "Nothing of the request was stored: the server's disk is full (`storage_full`; reads keep working) or the server cannot reach its PostgreSQL database (`database_unavailable`). Retry after `Retry-After` seconds.",
    "x-mobile-ops-codes": ["storage_full", "database_unavailable"],
    "headers": {
      "Retry-After": {
        "description": "Seconds to wait before retrying: 5 for `database_unavailable`, 10 for `artifact_storage_unavailable`, 30 for `storage_full`.",
        "schema": {"type": "integer"}
      }
    },
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "WebhookUnavailable": {
    "description": "Nothing of the delivery was stored: the server is reading as many unauthenticated bodies as it allows at once (`server_busy`, a share of the connection cap, `MOBILE_OPS_UNAUTHENTICATED_CONNECTIONS_PERCENT`), the server's disk is full (`storage_full`) or the server cannot reach its PostgreSQL database (`database_unavailable`). Retry after `Retry-After` seconds.",
    "x-mobile-ops-codes": ["server_busy", "storage_full", "database_unavailable"],
    "headers": {
      "Retry-After": {
        "description": "Seconds to wait before retrying: 5 for `server_busy` and `database_unavailable`, 30 for `storage_full`.",
        "schema": {"type": "integer"}
      }
    },
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "RequestTimeout": {
    "description": "The body did not arrive whole within `MOBILE_OPS_UNAUTHENTICATED_BODY_SECONDS` (`request_timeout`); nothing was done, and the connection is closed.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "ArtifactUnavailable": {
    "description": "The artifact storage (S3, a shared folder) cannot be used right now (`artifact_storage_unavailable`; what failed is in the server's log) or the server cannot reach its PostgreSQL database (`database_unavailable`). Retry after `Retry-After` seconds.",
    "x-mobile-ops-codes": ["artifact_storage_unavailable", "database_unavailable"],
    "headers": {
      "Retry-After": {
        "description": "Seconds to wait before retrying: 5 for `database_unavailable`, 10 for `artifact_storage_unavailable`, 30 for `storage_full`.",
        "schema": {"type": "integer"}
      }
    },
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "ArtifactUploadUnavailable": {
    "description": "Nothing was stored: the artifact storage (S3, a shared folder) cannot be used right now (`artifact_storage_unavailable`; what failed is in the server's log), the disk the upload is staged on is full (`storage_full`) or the server cannot reach its PostgreSQL database (`database_unavailable`). Retry after `Retry-After` seconds.",
    "x-mobile-ops-codes": ["artifact_storage_unavailable", "storage_full", "database_unavailable"],
    "headers": {
      "Retry-After": {
        "description": "Seconds to wait before retrying: 5 for `database_unavailable`, 10 for `artifact_storage_unavailable`, 30 for `storage_full`.",
        "schema": {"type": "integer"}
      }
    },
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "CacheStorageUnavailable": {
    "description": "Nothing was stored or deleted: the build cache's storage failed (`cache_storage_unavailable`; what failed is in the server's log) or the server cannot reach its PostgreSQL database to check the token (`database_unavailable`). Retry after `Retry-After` seconds.",
    "x-mobile-ops-codes": ["cache_storage_unavailable", "database_unavailable"],
    "headers": {
      "Retry-After": {
        "description": "Seconds to wait before retrying: 5 for `database_unavailable`, 10 for `cache_storage_unavailable`.",
        "schema": {"type": "integer"}
      }
    },
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  },
  "InternalError": {
    "description": "The server failed; the message names the request id.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
  }
},
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
