import Foundation

/// The OpenAPI 3.1 document of the whole HTTP API, served at `GET /api/v1/openapi.json`.
///
/// This file is the document's one copy: edit the JSON below. It is a raw string literal, not
/// a SwiftPM resource, because the installed server must carry it with no bundle beside the
/// binary (release builds link the Swift runtime statically and the Docker image copies only
/// executables), and `.embedInCode` turns the ~130 KB file into a byte-array literal that took
/// 45 s to compile against 0.3 s for this string. `OpenAPITests` checks that it parses, that
/// it lists exactly the router's routes, and that real responses match its schemas.
enum OpenAPIDocument {
    /// The document's JSON text: the header below with the paths
    /// (`OpenAPIDocument+*Paths.swift`, one path per line, by concern) and the components
    /// (`OpenAPIDocument+*Schemas.swift` and `+Components.swift`, one member per line) put in. Built
    /// once, on the first request for it.
    static let json = header
        .replacingOccurrences(of: "PATHS", with: "{\n" + paths + "\n}")
        .replacingOccurrences(of: "COMPONENTS", with: "{\n" + components + "\n}")

    /// Everything but the paths and the components.
    private static let header = ##"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "MobileOps HTTP API",
    "version": "1",
    "description": "Every route the server answers. Errors share one shape (`Error`); an unknown path is 404 and a known path with the wrong method 405 with `Allow`. Every operation that needs the database (all but the pages, `/healthz`, `/readyz`, `/metrics` and this document) may answer 503 with `Retry-After`: `database_unavailable` when the server cannot reach its PostgreSQL database (`DatabaseUnavailable`); operations that write may also answer `storage_full` when the server's disk is full (`WriteUnavailable`), and the artifact routes `artifact_storage_unavailable` when the artifact storage cannot be used (`ArtifactUnavailable`, `ArtifactUploadUnavailable`). Each such response lists its codes in `x-mobile-ops-codes`; nothing of a refused request is stored. Each operation's `x-mobile-ops-scope` is the scope its token needs: read < write < admin (each includes the ones before), `agent` for agent tokens, `signature` for webhook deliveries, `none` for public endpoints. Kept in step with the router by Tests/ServerTests/OpenAPITests.swift. Human guide: docs/api.md."
  },
  "servers": [
    {
      "url": "/"
    }
  ],
  "tags": [
    {
      "name": "server"
    },
    {
      "name": "repositories"
    },
    {
      "name": "tokens"
    },
    {
      "name": "webhooks"
    },
    {
      "name": "builds"
    },
    {
      "name": "agents"
    },
    {
      "name": "agent-protocol"
    },
    {
      "name": "impact"
    },
    {
      "name": "checks"
    },
    {
      "name": "findings"
    },
    {
      "name": "metrics"
    },
    {
      "name": "dashboard"
    },
    {
      "name": "releases"
    }
  ],
  "paths": PATHS,
  "components": COMPONENTS
}
"""##
}
