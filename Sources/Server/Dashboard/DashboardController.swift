import Access
import BuildMetrics
import Core
import Foundation
import HTTPTypes
import Hummingbird
import Store

/// `GET /api/v1/dashboard` (one JSON document) and `GET /feed.json` (JSON Feed 1.1 of
/// notable events).
///
/// Feed readers cannot send headers, so `/feed.json` accepts a read-scope token either as
/// `Authorization: Bearer …` or as `?token=…` (use a token that has only `read`: a URL with a
/// token in it ends up in reader configs and proxy logs).
struct DashboardController: APIController {
    let metrics: any BuildMetricsStore
    let events: any NotableEventStore
    let tokens: TokenService
    let authenticator: Authenticator
    let publicURL: String?
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    /// Newest events in the feed.
    static let feedSize = 50

    /// The header a TLS-terminating proxy names the client's scheme in.
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")

    var routes: [Route] {
        [
            Route(.get, "/api/v1/dashboard", scope: .read, openAPI: OpenAPIOperation(
                "The dashboard's data as one document", tag: "dashboard",
                answers: [.ok("DashboardDocument")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                try await .json(DashboardDocument.load(from: metrics, now: clock.now))
            },
            Route(.get, "/feed.json", scope: nil, openAPI: OpenAPIOperation(
                "JSON Feed of notable events (read token as a header or `?token=`)", tag: "dashboard", caller: .feedReader,
                description: [
                    "Registered without a route scope: the handler checks the read token itself, so it can also come as `?token=`.",
                ],
                parameters: [.query("token", description: "A read token, for feed readers that cannot send a header.")],
                answers: [OpenAPIOperation.Answer(200, "A JSON Feed 1.1 document.", content: ["application/feed+json": .ref("JSONFeed")])],
                errors: [.databaseUnavailable]
            )) { request, _ in
                try await authorizeFeed(request)
                let data = try await feed(events: events.notableEvents(limit: Self.feedSize), base: base(of: request)).encoded()
                return Response(
                    status: .ok, headers: [.contentType: "application/feed+json; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(bytes: data)))
            },
        ]
    }

    // MARK: Feed

    /// The JSON Feed of `events`, its links made absolute with `base` (the server's address).
    ///
    /// Items link to pages, never to the token-protected API: a build to its page, anything
    /// else to the dashboard's section for it (`/#regressions`, `/#test-health`, `/#releases`).
    /// Events stored before that rule still hold an API path; they are mapped the same way.
    func feed(events: [NotableEvent], base: String?) -> JSONFeed {
        let items = events.map { event in
            JSONFeedItem(
                id: "mobile-ops-event-\(event.id ?? 0)", url: event.url.map { absolute(Self.page(for: $0), base: base) }, title: event.title,
                contentText: event.summary, datePublished: event.occurredAt, tags: [event.kind])
        }
        return JSONFeed(
            title: "MobileOps", homePageURL: absolute("/", base: base), feedURL: absolute("/feed.json", base: base),
            description: "Failed default-branch builds, build-time and cache regressions, flaky tests, release steps.", items: items)
    }

    /// The page for a link an event holds: older events name API paths, which need a token.
    static func page(for link: String) -> String {
        if link.hasPrefix("/api/v1/builds/") { return "/builds/" + link.dropFirst("/api/v1/builds/".count) }
        if link.hasPrefix("/api/v1/metrics/regressions") { return "/#regressions" }
        if link.hasPrefix("/api/v1/metrics/tests/") { return "/#test-health" }
        if link.hasPrefix("/api/v1/releases") { return "/#releases" }
        return link
    }

    private func absolute(_ path: String, base: String?) -> String {
        guard let base, path.hasPrefix("/") else { return path }
        return base + path
    }

    /// Where this server is reached: `MOBILE_OPS_PUBLIC_URL`, else the request's own host
    /// (`https` when a proxy says so in `X-Forwarded-Proto`), else nil and links stay relative.
    private func base(of request: Request) -> String? {
        if let publicURL { return publicURL }
        guard let host = request.head.authority, !host.isEmpty,
              host.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-:[]".unicodeScalars.contains($0)) })
        else { return nil }
        let proto = Self.forwardedProto.flatMap { request.headers[$0] } == "https" ? "https" : "http"
        return "\(proto)://\(host)"
    }

    /// A read-scope token from the header, else from `?token=`.
    private func authorizeFeed(_ request: Request) async throws {
        if request.headers[.authorization] != nil {
            _ = try await authenticator.require(.read, for: request)
            return
        }
        guard let text = request.uri.queryParameters.get("token"), !text.isEmpty else {
            throw APIError.unauthorized("the feed needs a read-scope token: 'Authorization: Bearer <token>' or '/feed.json?token=<token>'")
        }
        guard let identity = try await tokens.authenticate(bearer: String(text)) else {
            throw APIError.unauthorized("the token is unknown or revoked")
        }
        guard identity.scopes.grant(.read) else {
            throw APIError.forbidden("the feed needs the 'read' scope")
        }
    }
}
