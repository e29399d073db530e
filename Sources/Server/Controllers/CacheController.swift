import BuildCache
import Core
import Hummingbird
import Store

/// The remote build cache under `/cache/`: Gradle's HTTP build cache, Bazel's HTTP remote
/// cache, ccache's HTTP storage and XCRemoteCache, one key/value store of opaque entries behind
/// each (``CacheStorage``: a folder or a bucket), plus its statistics under `/api/v1/cache/`
/// and per build (`/api/v1/builds/{id}/cache`).
///
/// Reads need a `read` token, uploads and deletions a `write` token, as a bearer token or as
/// the password of HTTP Basic credentials (what Gradle, ccache and Bazel URLs carry). Every
/// request is counted in memory (``CacheActivity``, written to the store in batches) and in
/// Prometheus; none writes the database itself. A job's credential (``JobCacheGrant``) reads
/// and writes its build's namespace only, and its requests are counted against the build.
struct CacheController: APIController {
    /// The entries.
    let storage: any CacheStorage
    /// The counts, batched for the store.
    let activity: CacheActivity
    /// The totals `GET /api/v1/cache/stats` reads.
    let statistics: any CacheStatsStore
    /// The cap on namespaces, checked before an upload.
    let namespaces: CacheNamespaceGate
    /// Builds, for `GET /api/v1/builds/{id}/cache`.
    let builds: any BuildStore
    /// The Prometheus counters.
    let metrics: ServerMetrics
    /// The clock the daily series counts back from.
    let clock: any TimeSource

    var routes: [Route] {
        gradleRoutes + bazelRoutes + ccacheRoutes + xcodeRoutes + statisticsRoutes
    }

    // MARK: Gradle

    /// `GET`/`PUT /cache/gradle/{namespace}/{key}`: Gradle's `HttpBuildCache` appends the key
    /// (a hex hash) to its URL.
    private var gradleRoutes: [Route] {
        let path = "/cache/gradle/:namespace/:key"
        let id: EntryParser = { _, context in
            (try CacheEntryID(.gradle, namespace: try context.parameters.require("namespace"), key: try context.parameters.require("key")), nil)
        }
        let parameters: [OpenAPIOperation.Parameter] = [.path("namespace", .string), .path("key", .string)]
        return [
            route(.get, path, "Gradle build cache: load an entry", parameters, id),
            route(.put, path, "Gradle build cache: store an entry", parameters, id),
        ]
    }

    // MARK: Bazel

    /// `GET`/`PUT`/`HEAD /cache/bazel/{namespace}/ac/{sha256}` and `/cas/{sha256}`: a CAS
    /// upload must hash to its key.
    private var bazelRoutes: [Route] {
        var routes: [Route] = []
        for (folder, name) in [("ac", "action cache"), ("cas", "content-addressed store")] {
            let path = "/cache/bazel/:namespace/\(folder)/:hash"
            let id: EntryParser = { _, context in
                let hash = try context.parameters.require("hash")
                return (try Self.bazelEntry(namespace: try context.parameters.require("namespace"), folder: folder, hash: hash), folder == "cas" ? hash : nil)
            }
            let parameters: [OpenAPIOperation.Parameter] = [.path("namespace", .string), .path("hash", .string)]
            routes += [
                route(.get, path, "Bazel remote cache: load from the \(name)", parameters, id),
                route(.head, path, "Bazel remote cache: whether the \(name) has an entry", parameters, id),
                route(.put, path, "Bazel remote cache: store in the \(name)", parameters, id),
            ]
        }
        return routes
    }

    // MARK: ccache

    /// `GET`/`HEAD`/`PUT`/`DELETE /cache/ccache/{namespace}/{path}`: any path below the
    /// namespace (`layout=subdirs` puts the first two characters in a folder).
    private var ccacheRoutes: [Route] {
        let path = "/cache/ccache/:namespace/**"
        let id: EntryParser = { _, context in
            let key = context.parameters.getCatchAll().joined(separator: "/")
            return (try CacheEntryID(.ccache, namespace: try context.parameters.require("namespace"), key: key), nil)
        }
        let parameters: [OpenAPIOperation.Parameter] = [.path("namespace", .string), .path("path", .string)]
        return [
            route(.get, path, "ccache remote storage: load an entry", parameters, id),
            route(.head, path, "ccache remote storage: whether an entry is kept", parameters, id),
            route(.put, path, "ccache remote storage: store an entry", parameters, id),
            route(.delete, path, "ccache remote storage: delete an entry", parameters, id),
        ]
    }

    // MARK: XCRemoteCache

    /// `GET`/`PUT`/`HEAD /cache/xcode/{namespace}/{kind}/{name}`, `kind` one of `file`, `meta`
    /// and `marker`; and the health probe XCRemoteCache sends (`HEAD …/nginx-health`).
    private var xcodeRoutes: [Route] {
        let path = "/cache/xcode/:namespace/:kind/:name"
        let id: EntryParser = { _, context in
            let parameters = context.parameters
            return (try Self.xcodeEntry(namespace: try parameters.require("namespace"), kind: try parameters.require("kind"), name: try parameters.require("name")), nil)
        }
        let parameters: [OpenAPIOperation.Parameter] = [.path("namespace", .string), .path("kind", .string), .path("name", .string)]
        return [
            route(.get, path, "XCRemoteCache: load an artifact, meta or marker", parameters, id),
            route(.head, path, "XCRemoteCache: whether an artifact, meta or marker is kept", parameters, id),
            route(.put, path, "XCRemoteCache: store an artifact, meta or marker", parameters, id),
            Route(.head, "/cache/xcode/:namespace/nginx-health", scope: .read, acceptsBasic: true, openAPI: OpenAPIOperation(
                "XCRemoteCache: the health probe (its default cache_health_path)", tag: "build-cache",
                parameters: [.path("namespace", .string)],
                answers: [OpenAPIOperation.Answer(200, "The cache answers.")], errors: [.badRequest, .databaseUnavailable]
            )) { _, context in
                if let problem = CacheEntryID.problem(withNamespace: try context.parameters.require("namespace")) {
                    throw CacheRequestError.invalidNamespace(problem).apiError
                }
                return Response(status: .ok)
            },
        ]
    }
}
