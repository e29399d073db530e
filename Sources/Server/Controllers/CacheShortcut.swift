import Access
import BuildCache
import Core
import Foundation
import Hummingbird
import Logging
import NIOCore

/// Answers a build-cache `GET` of a small entry held in memory (``RecentSmallEntries``) on
/// the connection's event loop, before the request reaches the router.
///
/// A 4 KiB hit through the router costs a task, a hop to the thread pool and back, and the
/// middleware; most of its time went there, not to the bytes (`docs/performance.md`). This
/// answers exactly as the route would (the same status, headers and bytes, counted the same
/// way) and only when it surely can: any other request, or one it is unsure of, goes on to the
/// router untouched. It never waits: the token must be one this server has verified already
/// (``TokenService/verifiedIdentity(bearer:)``), and a job's credential, whose job may have
/// ended since, always goes to the router.
struct CacheShortcut: Sendable {
    /// The cache's routes, whose counting the shortcut shares.
    let controller: CacheController
    /// The copies of small entries.
    let memory: RecentSmallEntries
    /// The verified tokens.
    let tokens: TokenService
    /// Where answered requests are logged, at debug as the router logs its successes.
    let logger: Logger

    /// A whole response: its head and its bytes.
    struct Answer {
        /// The status and headers.
        var head: HTTPResponse
        /// The entry.
        let body: ByteBuffer
    }

    /// The token an `Authorization` header carries, kept per connection: a client sends the
    /// same header with every request, and decoding Basic credentials cost more than the rest
    /// of a remembered hit's checks together. Only the reading is kept: the token is checked
    /// again on every request, so a revocation counts at once.
    struct CredentialReading {
        private var header: String?
        private var token: String?

        /// The bearer token or Basic password of `fields`' `Authorization` header.
        mutating func token(in fields: HTTPFields) -> String? {
            let current = fields[.authorization]
            if current != header {
                header = current
                token = fields.bearerToken ?? fields.basicPassword
            }
            return token
        }
    }

    /// The answer to `request`, or nil when the router must answer it; `credentials` is the
    /// connection's.
    func answer(_ request: HTTPRequest, credentials: inout CredentialReading) -> Answer? {
        let fields = request.headerFields
        // A body, an expectation or a connection option other than keep-alive is the router's.
        guard request.method == .get, let path = request.path, path.hasPrefix("/cache/"),
              fields[.contentLength] == nil, fields[.transferEncoding] == nil, fields[.expect] == nil, Self.keepsAlive(fields),
              let id = CacheController.entry(readBy: path), let bytes = memory.bytes(of: id),
              let token = credentials.token(in: fields), !token.hasPrefix(JobCacheCredentials.prefix),
              let identity = tokens.verifiedIdentity(bearer: token), identity.scopes.grant(.read)
        else { return nil }
        controller.countHit(id, size: Int64(bytes.readableBytes), build: nil)
        let requestID = RequestID().description
        logger.debug("request", metadata: ["method": "GET", "path": "\(path)", "status": "200", "hb.request.id": "\(requestID)", "answered": "from memory"])
        let head = HTTPResponse(status: .ok, headerFields: [
            .contentType: "application/octet-stream", .contentLength: String(bytes.readableBytes),
            .requestID: requestID, .contentTypeOptions: "nosniff",
        ])
        return Answer(head: head, body: bytes)
    }

    /// Whether the request's `Connection` header asks for nothing but keep-alive (or is absent).
    /// Gradle's Apache client sends `Connection: Keep-Alive` with every request; Hummingbird
    /// treats only `close` specially, so such a request is answered the same either way.
    static func keepsAlive(_ fields: HTTPFields) -> Bool {
        fields[values: .connection].allSatisfy { value in
            value.split(separator: ",").allSatisfy { $0.trimmingCharacters(in: .whitespaces).lowercased() == "keep-alive" }
        }
    }
}
