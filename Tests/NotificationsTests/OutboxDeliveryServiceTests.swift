import Core
import Foundation
import GRDB
import GitHosts
import HTTPClient
import Notifications
@testable import Store
@testable import StoreSQLite
import TestSupport
import Testing

@Suite("The delivery service empties the outbox into the git host")
struct OutboxDeliveryServiceTests {
    // MARK: Fixtures

    /// Fast pacing: milliseconds instead of seconds, no jitter, so retries happen within a test.
    private static let fast = OutboxDeliveryService.Configuration(
        batchSize: 5, pollInterval: .milliseconds(50), lease: .seconds(30),
        backoff: BackoffPolicy(initial: .milliseconds(20), maximum: .milliseconds(80), jitter: 0)
    )

    /// A service delivering commit statuses for GitHub on `baseURL`.
    private func service(_ store: TestDatabase, client: HTTPClient, baseURL: String) -> OutboxDeliveryService {
        let notifier = CommitStatusNotifier(
            configuration: NotifierConfiguration(githubAPIURL: baseURL, githubToken: "t0ken"), http: client,
            repositories: store.database, builds: store.database, logger: testLogger()
        )
        return OutboxDeliveryService(
            store: store.database, handlers: [CommitStatusPayload.kind: notifier], configuration: Self.fast,
            clock: SystemClock(offset: DateShift.whole), logger: testLogger()
        )
    }

    /// The stored row of every outbox message: (attempts, delivered, lastError).
    private func rows(_ store: TestDatabase) throws -> [(attempts: Int, delivered: Bool, lastError: String?)] {
        try store.database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT attempts, deliveredAt IS NOT NULL AS delivered, lastError FROM outbox ORDER BY id")
                .map { (attempts: $0["attempts"], delivered: $0["delivered"], lastError: $0["lastError"]) }
        }
    }

    // MARK: Delivery

    @Test("a status reaches the fake GitHub on the third attempt after two 500s, woken after the build is created")
    func retriesUntilDelivered() async throws {
        try await FakeGitHost.run { host, baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            await host.script([.init(status: 500, body: "oops"), .init(status: 500, body: "oops again")])
            let repository = try await store.repository("acme/ios-app", provider: .github)
            try await withClient { client in
                let service = service(store, client: client, baseURL: baseURL)
                try await withRunningService(service) {
                    let build = try await store.build(in: repository)
                    service.wake()
                    try await host.waitForRequests(3)
                    try await eventually { try rows(store).first?.delivered == true }
                    #expect(build.state == .pending)
                }
                let requests = await host.requests
                #expect(requests.count == 3)
                #expect(Set(requests.map(\.path)) == ["/repos/acme/ios-app/statuses/0123456789abcdef0123456789abcdef01234567"])
                #expect(requests.last?.json?["state"] == "pending")
                let row = try #require(try rows(store).first)
                #expect(row.attempts == 3)
                await #expect(try store.database.outboxBacklog(now: DateShift.now) == OutboxBacklog(pending: 0, due: 0, dead: 0, oldestPendingAt: nil))
            }
        }
    }

    @Test("wake() starts a pass at once, however long the poll interval")
    func wakeCutsTheSleepShort() async throws {
        try await FakeGitHost.run(timeLimit: .seconds(30)) { host, baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            let repository = try await store.repository("acme/ios-app", provider: .github)
            // The injected clock reports each nap, so the test knows the service is asleep.
            let (naps, napped) = AsyncStream.makeStream(of: Duration.self)
            try await withClient { client in
                let notifier = CommitStatusNotifier(
                    configuration: NotifierConfiguration(githubAPIURL: baseURL, githubToken: "t0ken"), http: client,
                    repositories: store.database, builds: store.database, logger: testLogger()
                )
                var configuration = Self.fast
                configuration.pollInterval = .seconds(3600)
                let service = OutboxDeliveryService(
                    store: store.database, handlers: [CommitStatusPayload.kind: notifier], configuration: configuration,
                    clock: NapReportingClock(naps: napped),
                    logger: testLogger()
                )
                try await withRunningService(service) {
                    var iterator = naps.makeAsyncIterator()
                    #expect(await iterator.next() == .seconds(3600), "nothing is due, so it sleeps a whole poll interval")
                    _ = try await store.build(in: repository)
                    service.wake()
                    try await host.waitForRequests(1)
                }
                #expect(await host.requests.count == 1)
            }
        }
    }

    @Test("a 422 is dead at once and listed by deadMessages with the provider's explanation")
    func rejectedIsDeadAtOnce() async throws {
        try await FakeGitHost.run { host, baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            await host.script([.init(status: 422, body: "{\"message\":\"No commit found for SHA\"}")])
            let build = try await store.build(in: try store.repository("acme/ios-app", provider: .github))
            try await withClient { client in
                let service = service(store, client: client, baseURL: baseURL)
                try await withRunningService(service) {
                    try await eventually { try await !store.database.deadMessages(limit: 10).isEmpty }
                }
                let dead = try await store.database.deadMessages(limit: 10)
                #expect(dead.count == 1)
                #expect(dead.first?.lastError == "attempt 1: permanent failure: HTTP 422: {\"message\":\"No commit found for SHA\"}")
                #expect(dead.first?.payload.contains("\"buildID\":\(build.id)") == true)
                #expect(await host.requests.count == 1, "a rejected status is not sent again")
                await #expect(try store.database.outboxBacklog(now: DateShift.now).dead == 1)
            }
        }
    }

    @Test("a status that keeps failing is retried up to the attempt limit, then dead")
    func exhaustsAttempts() async throws {
        try await FakeGitHost.run { host, baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            await host.script([], then: .init(status: 503, body: "maintenance"))
            _ = try await store.build(in: try store.repository("acme/ios-app", provider: .github))
            try await withClient { client in
                try await withRunningService(service(store, client: client, baseURL: baseURL)) {
                    try await eventually { try await !store.database.deadMessages(limit: 10).isEmpty }
                }
                #expect(await host.requests.count == OutboxMessage.maxAttempts)
                let dead = try await #require(try store.database.deadMessages(limit: 10).first)
                #expect(dead.attempts == OutboxMessage.maxAttempts)
                #expect(dead.lastError == "attempt \(OutboxMessage.maxAttempts): HTTP 503: maintenance")
            }
        }
    }

    // MARK: Bad input

    @Test("an undecodable payload is dead at once with a clear error; other kinds are left alone")
    func undecodablePayload() async throws {
        try await FakeGitHost.run { host, baseURL in
            let store = try TestDatabase()
            defer { store.remove() }
            try await store.database.writer.write { db in
                var broken = OutboxRecord(kind: CommitStatusPayload.kind, payload: "{\"buildID\": \"seven\"}", at: DateShift.now)
                try broken.insert(db)
                var unknown = OutboxRecord(kind: "carrier_pigeon", payload: "{}", at: DateShift.now)
                try unknown.insert(db)
            }
            try await withClient { client in
                let service = service(store, client: client, baseURL: baseURL)
                let claimed = await service.deliverDueMessages()
                #expect(claimed == 1)
                let dead = try await store.database.deadMessages(limit: 10)
                #expect(dead.count == 1)
                #expect(dead.first?.lastError?.contains("undecodable commit_status payload") == true)
                #expect(await host.requests.isEmpty)
                // The pigeon waits for a handler that can deliver it, counted in the backlog.
                await #expect(try store.database.outboxBacklog(now: DateShift.now).pending == 1)
            }
        }
    }
}

/// The system clock (moved by the date shift), reporting each sleep's duration so a test knows the service is asleep.
private struct NapReportingClock: TimeSource {
    let naps: AsyncStream<Duration>.Continuation

    var now: Date { DateShift.now }

    func sleep(for duration: Duration) async throws {
        naps.yield(duration)
        try await Task.sleep(for: duration)
    }
}
