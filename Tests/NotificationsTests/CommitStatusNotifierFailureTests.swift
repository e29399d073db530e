import Core
import Foundation
import GitHosts
import HTTPClient
import Notifications
import Store
import StoreSQLite
import Testing
import TestSupport

@Suite("The notifier classifies bad input and failed deliveries instead of crashing")
struct CommitStatusNotifierFailureTests {
    // MARK: Fixtures

    /// A notifier for GitHub on `baseURL` over the real database.
    private func notifier(_ store: TestDatabase, client: HTTPClient, baseURL: String, token: String? = "t0ken") -> CommitStatusNotifier {
        CommitStatusNotifier(
            configuration: NotifierConfiguration(githubAPIURL: baseURL, githubToken: token), http: client,
            repositories: store.database, builds: store.database, logger: testLogger()
        )
    }

    /// A message with a raw payload.
    private func message(_ payload: String) -> OutboxMessage {
        OutboxMessage(
            id: 1, kind: CommitStatusPayload.kind, payload: payload, createdAt: DateShift.now, attempts: 0,
            nextAttemptAt: DateShift.now, deliveredAt: nil, lastError: nil
        )
    }

    // MARK: Bad input

    @Test("undecodable payloads, unknown states, bad SHAs and bad names are permanent failures, sent nowhere")
    func badInput() async throws {
        try await FakeGitHost.run { host, baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            let repository = try await store.repository("acme/ios-app", provider: .github)
            let unnamed = try await store.repository("no-owner", provider: .github)
            let build = try await store.build(in: repository)
            try await withClient { client in
                let notifier = notifier(store, client: client, baseURL: baseURL)
                var outcomes: [OutboxDeliveryOutcome] = []
                outcomes.append(await notifier.deliver(message("not json")))
                outcomes.append(await notifier.deliver(message("{\"buildID\": 1}")))
                var unknownState = try commitStatusMessage(for: build, state: .pending)
                unknownState.payload = unknownState.payload.replacingOccurrences(of: "\"pending\"", with: "\"exploded\"")
                outcomes.append(await notifier.deliver(unknownState))
                var badSHA = try commitStatusMessage(for: build, state: .pending)
                badSHA.payload = badSHA.payload.replacingOccurrences(of: build.commitSHA, with: "../../evil")
                outcomes.append(await notifier.deliver(badSHA))
                let badName = try await store.build(in: unnamed)
                outcomes.append(await notifier.deliver(try commitStatusMessage(for: badName, state: .pending)))

                for outcome in outcomes {
                    guard case .permanentFailure(let error) = outcome else {
                        Issue.record("expected a permanent failure, got \(outcome)")
                        continue
                    }
                    #expect(!error.isEmpty)
                }
                #expect(await host.requests.isEmpty)
            }
        }
    }

    @Test("no token, a superseded state, or a vanished build is skipped without a request")
    func skips() async throws {
        try await FakeGitHost.run { host, baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            let build = try await store.build(in: try store.repository("acme/ios-app", provider: .github))
            try await withClient { client in
                let withoutToken = notifier(store, client: client, baseURL: baseURL, token: nil)
                let pending = try commitStatusMessage(for: build, state: .pending)
                #expect(await withoutToken.deliver(pending) == .skipped("no MOBILE_OPS_GITHUB_TOKEN configured"))

                let withToken = notifier(store, client: client, baseURL: baseURL)
                let stale = try commitStatusMessage(for: build, state: .running)
                #expect(await withToken.deliver(stale) == .skipped("superseded: build \(build.id) is now pending"))
                var gone = pending
                gone.payload = gone.payload.replacingOccurrences(of: "\"buildID\":\(build.id)", with: "\"buildID\":9999")
                #expect(await withToken.deliver(gone) == .skipped("build 9999 no longer exists"))
                #expect(await host.requests.isEmpty)
            }
        }
    }

    // MARK: Provider answers

    @Test("4xx is permanent with status and body; 5xx, 429 (Retry-After) and rate-limited 403 are retried")
    func providerAnswers() async throws {
        try await FakeGitHost.run { host, baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            let build = try await store.build(in: try store.repository("acme/ios-app", provider: .github))
            await host.script([
                .init(status: 422, body: "{\"message\":\"Validation Failed\"}"),
                .init(status: 502, body: "bad gateway"),
                .init(status: 429, headers: ["Retry-After": "7"]),
                .init(status: 403, body: "{\"message\":\"API rate limit exceeded\"}", headers: ["X-RateLimit-Remaining": "0"]),
                .init(status: 404, body: "{\"message\":\"Not Found\"}"),
            ])
            try await withClient { client in
                let notifier = notifier(store, client: client, baseURL: baseURL)
                let message = try commitStatusMessage(for: build, state: .pending)
                #expect(await notifier.deliver(message) == .permanentFailure("HTTP 422: {\"message\":\"Validation Failed\"}"))
                #expect(await notifier.deliver(message) == .retry("HTTP 502: bad gateway", retryAfter: nil))
                #expect(await notifier.deliver(message) == .retry("HTTP 429: {}", retryAfter: .seconds(7)))
                guard case .retry(let rateLimited, _) = await notifier.deliver(message) else {
                    Issue.record("a rate-limited 403 must be retried")
                    return
                }
                #expect(rateLimited.contains("rate limit"))
                #expect(await notifier.deliver(message) == .permanentFailure("HTTP 404: {\"message\":\"Not Found\"}"))
            }
        }
    }

    @Test("a refused connection is a transient failure, retried")
    func refusedConnection() async throws {
        // A port that was just served and released: connecting to it is refused.
        let closedURL = try await FakeGitHost.run { _, baseURL in baseURL }
        let store = try TestDatabase()
        defer { store.remove() }
        let build = try await store.build(in: try store.repository("acme/ios-app", provider: .github))
        try await withClient { client in
            let outcome = await notifier(store, client: client, baseURL: closedURL).deliver(try commitStatusMessage(for: build, state: .pending))
            guard case .retry(let error, nil) = outcome else {
                Issue.record("expected a retry, got \(outcome)")
                return
            }
            // Refused, or reset when another test's server took the port meanwhile: both are transient.
            #expect(error.lowercased().contains("connection"))
        }
    }
}
