import Hummingbird

/// The web UI: `GET /` (the overview), `/builds` and `/builds/{id}`, `/pipelines`, `/queue`,
/// `/agents`, `/devices`, `/releases` and `/releases/{id}`, `/outbox` and `/audit`, each one
/// self-contained HTML document (``WebPage``) that calls the JSON API with the viewer's token.
///
/// The pages are public: they hold no data, and every call they make needs a token.
struct WebPages: APIController {
    var routes: [Route] {
        [
            page("/", .overview, "The overview: queue, fleet, trends, test health, recent builds, releases"),
            page("/builds", .builds, "Builds, filtered by repository, pipeline, branch, author, pull request and state, with paging"),
            page("/builds/:id", .build, "A build: jobs, live logs, failed tests, artifacts, UI-test selection, findings; retry and cancel"),
            page("/pipelines", .pipelines, "Pipelines with their recent builds and run-time trend"),
            page("/queue", .queue, "Jobs waiting for an agent, each with why"),
            page("/agents", .agents, "Agents: state, tags, current jobs, recent failures"),
            page("/devices", .devices, "The device pool: every agent's devices with their state and recent failures"),
            page("/releases", .releases, "Release trains and their releases"),
            page("/releases/:id", .release, "A release: timeline, stores side by side, health, sign-off and actions"),
            page("/outbox", .outbox, "Pending and dead notifications, with retry (admin)"),
            page("/audit", .audit, "The audit log (admin)"),
        ]
    }

    /// A route answering `page`, whose operation is `get<Page>Page` (the API's own paths would
    /// otherwise lend it their derived names); `/…/:id` paths get an `id` path parameter.
    private func page(_ path: String, _ page: WebPage, _ summary: String) -> Route {
        Route(.get, path, scope: nil, openAPI: OpenAPIOperation(
            summary, tag: "dashboard", operationID: "get" + page.mainID.prefix(1).uppercased() + page.mainID.dropFirst() + "Page",
            parameters: path.hasSuffix(":id") ? [.path("id", .string)] : [],
            answers: [
                OpenAPIOperation.Answer(200, "HTML; the page asks for a token and calls the API itself.", content: ["text/html": .string]),
            ]
        )) { _, _ in page.response }
    }
}
