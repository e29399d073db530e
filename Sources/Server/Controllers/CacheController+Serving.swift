import Access
import Artifacts
import BuildCache
import Core
import Hummingbird
import Logging

extension CacheController {
    /// Reads a request's entry address, and for a content-addressed key (Bazel's CAS) the
    /// SHA-256 its bytes must have.
    typealias EntryParser = @Sendable (Request, AppRequestContext) throws -> (CacheEntryID, String?)

    /// One cache endpoint: `GET` and `HEAD` need a `read` token, `PUT` and `DELETE` a `write`
    /// one, as a bearer token or a Basic password; `PUT` bodies are bounded by the entry limit.
    /// A read token's upload or deletion (a laptop's Gradle with `push` on) is refused before
    /// this runs, and counted as refused.
    func route(
        _ method: HTTPRequest.Method, _ path: String, _ summary: String, _ parameters: [OpenAPIOperation.Parameter], _ parse: @escaping EntryParser
    ) -> Route {
        let writes = method == .put || method == .delete
        var refused: (@Sendable (Request, AppRequestContext) async -> Void)?
        if writes {
            refused = { request, context in
                guard let parsed = try? parse(request, context) else { return }
                count(parsed.0, .refused, as: await label(parsed.0, context))
            }
        }
        return Route(
            method, path, scope: writes ? .write : .read, bodyLimit: method == .put ? storage.maxEntrySize : nil, acceptsBasic: true,
            openAPI: Self.operation(method, summary, parameters), onForbidden: refused
        ) { request, context in
            let parsed: (CacheEntryID, String?)
            do {
                parsed = try parse(request, context)
            } catch let error as CacheRequestError {
                throw error.apiError
            }
            let (id, sha256) = parsed
            // A job's credential may use its build's namespace only.
            if let grant = context.identity?.cacheJob, grant.namespace != id.namespace {
                throw CacheRequestError.namespaceForbidden(allowed: grant.namespace).apiError
            }
            switch method {
            case .get: return try await load(id, context: context)
            case .head: return try await probe(id, context: context)
            case .put: return try await receive(id, request: request, context: context, sha256: sha256)
            default: return try await delete(id, context: context)
            }
        }
    }

    /// `GET`: the entry, streamed from its file or object; 404 when nothing is kept. An entry
    /// that cannot be read is logged and answered as a miss: a cache that fails must cost a
    /// build its outputs, not the build.
    private func load(_ id: CacheEntryID, context: AppRequestContext) async throws -> Response {
        let build = context.identity?.cacheJob?.buildID
        let opened: ArtifactStream?
        do {
            opened = try await storage.stream(of: id)
        } catch {
            context.logger.error("build cache entry could not be read; answered as a miss", metadata: ["entry": "\(id)", "error": "\(error)"])
            count(id, .failed, as: await label(id, context))
            throw Self.miss(id)
        }
        guard let entry = opened else {
            let namespace = await label(id, context)
            activity.miss(id, build: build, countedAs: namespace)
            count(id, .miss, as: namespace)
            throw Self.miss(id)
        }
        countHit(id, size: entry.size, build: build)
        return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: .streaming(entry, on: context.channel.eventLoop))
    }

    /// `HEAD`: 200 with the entry's `Content-Length`, or 404. XCRemoteCache's consumer asks
    /// whether a commit's artifacts exist by a `HEAD` of its marker: that is its read, so it
    /// counts as a hit (no bytes sent) or a miss, as a `GET` does; any other `HEAD` (ccache's
    /// check before an upload) only refreshes the entry's last access.
    private func probe(_ id: CacheEntryID, context: AppRequestContext) async throws -> Response {
        let isRead = id.protocol == .xcode && id.key.hasPrefix("marker/")
        let build = context.identity?.cacheJob?.buildID
        let size: Int64?
        do {
            size = try await storage.size(of: id)
        } catch {
            context.logger.error("build cache entry could not be read; answered as absent", metadata: ["entry": "\(id)", "error": "\(error)"])
            size = nil
        }
        guard let size else {
            let namespace = await label(id, context)
            if isRead { activity.miss(id, build: build, countedAs: namespace) }
            count(id, isRead ? .miss : .absent, as: namespace)
            throw Self.miss(id)
        }
        namespaces.holdsEntries(id.namespace)
        if isRead {
            activity.hit(id, size: size, bytesSent: 0, build: build)
        } else {
            activity.probed(id, size: size)
        }
        count(id, isRead ? .hit : .present)
        return Response(status: .ok, headers: [.contentType: "application/octet-stream", .contentLength: "\(size)"])
    }

    /// `PUT`: streams the body into the storage; 201 once the entry is kept whole. A client
    /// waiting on `Expect: 100-continue` is told to send only once the upload is accepted.
    private func receive(_ id: CacheEntryID, request: Request, context: AppRequestContext, sha256: String?) async throws -> Response {
        let declared = request.headers[.contentLength].flatMap(Int64.init)
        let waits = ExpectContinue.isExpected(in: request.headers)
        let channel = context.channel
        do {
            try await namespaces.admit(id.namespace)
            let size = try await storage.store(id, body: request.body, declaredSize: declared, expectedSHA256: sha256) {
                if waits { await ExpectContinue.sendContinue(on: channel) }
            }
            namespaces.holdsEntries(id.namespace)
            activity.stored(id, size: size, build: context.identity?.cacheJob?.buildID)
            count(id, .stored)
            metrics.cacheBytes(protocol: id.protocol.rawValue, namespace: id.namespace, direction: "stored", bytes: size)
            return Response(status: .created)
        } catch let error as CacheRequestError {
            let namespace = await label(id, context)
            switch error {
            case .storageFull:
                context.logger.warning("build cache upload refused: the disk is full", metadata: ["entry": "\(id)", "error": "\(error)"])
                count(id, .full, as: namespace)
            case .unavailable:
                context.logger.error("build cache upload failed", metadata: ["entry": "\(id)", "error": "\(error)"])
                count(id, .failed, as: namespace)
            default:
                count(id, .refused, as: namespace)
            }
            throw error.apiError
        }
    }

    /// `DELETE` (ccache): 204 whether or not an entry was kept.
    private func delete(_ id: CacheEntryID, context: AppRequestContext) async throws -> Response {
        let removed: Bool
        do {
            removed = try await storage.remove(id)
        } catch {
            context.logger.error("build cache entry could not be deleted", metadata: ["entry": "\(id)", "error": "\(error)"])
            count(id, .failed, as: await label(id, context))
            throw error.apiError
        }
        if removed {
            activity.deleted(id)
            count(id, .deleted)
        } else {
            count(id, .deleted, as: await label(id, context))
        }
        return Response(status: .noContent)
    }

    /// A `GET` answered with `id`'s `size` bytes (for a job of `build`, when its credential
    /// asked): in the activity, the namespace gate and Prometheus. The shortcut counts its
    /// answers here too.
    func countHit(_ id: CacheEntryID, size: Int64, build: Int64?) {
        namespaces.holdsEntries(id.namespace)
        activity.hit(id, size: size, bytesSent: size, build: build)
        count(id, .hit)
        metrics.cacheBytes(protocol: id.protocol.rawValue, namespace: id.namespace, direction: "served", bytes: size)
    }

    /// The Prometheus count of one request, under `namespace` (by default the entry's).
    private func count(_ id: CacheEntryID, _ outcome: CacheOutcome, as namespace: String? = nil) {
        metrics.cacheRequest(protocol: id.protocol.rawValue, namespace: namespace ?? id.namespace, outcome: outcome)
    }

    /// The namespace a request that found or kept nothing is counted under. A job's credential
    /// uses its build's repository's namespace only, so its own name; for any other token, which
    /// may name any namespace, ``CacheNamespaceGate/otherNamespaces`` while the namespace holds
    /// no entries: made-up namespaces add no row and no Prometheus series each.
    private func label(_ id: CacheEntryID, _ context: AppRequestContext) async -> String {
        if context.identity?.cacheJob != nil { return id.namespace }
        return await namespaces.label(for: id.namespace)
    }

    /// 404 `cache_miss`.
    private static func miss(_ id: CacheEntryID) -> APIError {
        APIError(.notFound, code: "cache_miss", message: "nothing is kept under \(id.key) in the \(id.protocol.rawValue) namespace \(id.namespace)")
    }
}
