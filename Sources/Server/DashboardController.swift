import Access
import BuildMetrics
import Core
import Foundation
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

    var routes: [Route] {
        [
            Route(.get, "/api/v1/dashboard", scope: .read) { _, _ in
                try await .json(DashboardDocument.load(from: metrics, now: clock.now))
            },
            Route(.get, "/feed.json", scope: nil) { request, _ in
                try await authorizeFeed(request)
                let data = try await feed(events: events.notableEvents(limit: Self.feedSize)).encoded()
                return Response(
                    status: .ok, headers: [.contentType: "application/feed+json; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(bytes: data)))
            },
        ]
    }

    // MARK: Feed

    /// The JSON Feed of `events`; links are absolute when `MOBILE_OPS_PUBLIC_URL` is set.
    func feed(events: [NotableEvent]) -> JSONFeed {
        let items = events.map { event in
            JSONFeedItem(
                id: "mobile-ops-event-\(event.id ?? 0)", url: event.url.map(absolute), title: event.title,
                contentText: event.summary, datePublished: event.occurredAt, tags: [event.kind])
        }
        return JSONFeed(
            title: "MobileOps", homePageURL: publicURL.map { $0 + "/" }, feedURL: publicURL.map { $0 + "/feed.json" },
            description: "Failed default-branch builds, build-time and cache regressions, release steps.", items: items)
    }

    private func absolute(_ path: String) -> String {
        guard let publicURL, path.hasPrefix("/") else { return path }
        return publicURL + path
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
