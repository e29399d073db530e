/// The OpenAPI 3.1 document of the whole HTTP API, served at `GET /api/v1/openapi.json`.
///
/// Its `paths` are generated from the routes the router serves (`OpenAPIDocument+Paths.swift`
/// from each `Route`'s `OpenAPIOperation`); the rest is written by hand as JSON text, one
/// member per line: the header below, the component schemas (JSON files in `Schemas/`, see
/// `OpenAPIDocument+Schemas.swift`) and the shared responses and security schemes
/// (`+Components.swift`). The schema files are embedded in the binary with `.embedInCode`,
/// not shipped as a resource bundle, because the installed server must carry them with no
/// bundle beside the binary (release builds link the Swift runtime statically and the Docker
/// image copies only executables). The price: SwiftPM turns their ~130 KB into a byte-array
/// literal that takes about 25 s to compile (string literals took 0.3 s), paid when a schema
/// file changes or the module is built whole (release).
/// `OpenAPITests` checks that it parses and that real responses match its schemas;
/// `docs/openapi.json` is a copy the tests write (docs/api.md).
enum OpenAPIDocument {
    /// The document's JSON text for a server answering `routes`.
    static func json(routes: [Route]) -> String {
        header + ",\n  \"paths\": " + paths(routes) + ",\n  \"components\": {\n" + components + "\n}\n}\n"
    }

    /// The document's first members, up to the paths: an unclosed object.
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
      "name": "secrets"
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
    },
    {
      "name": "build-cache"
    }
  ]
"""##
}
