import ChildProcesses
import Foundation
import HTTPClient
import Testing

/// Crash consistency with real processes: senders post at full speed, the server is
/// SIGKILLed at a random moment, restarted on the same SQLite file, and everything it
/// answered before dying must be there, whole; replaying what was sent completes the set.
///
/// The kill moments come from a seeded generator; the seed is printed, and
/// `MOBILE_OPS_CRASH_SEED=<seed>` replays the same moments (the interleaving still varies).
@Suite("End to end: crash consistency under SIGKILL", .serialized, .timeLimit(.minutes(4)))
struct CrashConsistencyTests {
    /// Rounds of flood, kill, restart and check, per test.
    static let rounds = 10
    /// Concurrent senders.
    static let senders = 8
    /// When the kill comes, after the first request of a round.
    static let killWindow = 300...1_500
    /// The repository the deliveries name.
    static let repository = "acme/crash"

    /// Two steps, so every build must come with exactly two jobs; no agent ever runs them.
    static let pipeline = """
        name: crash
        triggers:
          push:
            branches: [main]
        steps:
          - key: ios
            command: echo ios
            agents:
              platform: ios
          - key: android
            command: echo android
            agents:
              platform: android
        """

    /// SplitMix64: the kill moments as a function of the printed seed.
    struct SeededGenerator: RandomNumberGenerator {
        private var state: UInt64

        /// Starts from `seed`.
        init(seed: UInt64) { state = seed }

        /// The next 64 random bits.
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// The seed to use: `MOBILE_OPS_CRASH_SEED` when set, else a fresh one.
    static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["MOBILE_OPS_CRASH_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64.max)
    }

    /// Item `index`'s head commit: 40 hex digits, distinct per item.
    static func sha(_ index: Int) -> String { Fleet.commitSHA("c", index) }

    /// Item `index` as a signed GitHub push to `main` with its own delivery id and commit.
    static func delivery(base: String, index: Int) -> HTTPRequest {
        Fleet.signedPush(base: base, repository: repository, sha: sha(index), deliveryID: "crash-delivery-\(index)", message: "crash \(index)")
    }

    /// An admin GET of `path`.
    static func get(_ base: String, _ path: String) -> HTTPRequest {
        HTTPRequest(url: base + path, headers: ["Authorization": "Bearer \(Fleet.adminToken)"], timeout: .seconds(20))
    }

    /// A JSON object body, or an empty one.
    static func object(_ body: [UInt8]) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    @Test("every webhook delivery answered 202 survives a SIGKILL with its builds and jobs; a replay completes the set once")
    func webhookDeliveries() async throws {
        let seed = Self.seed()
        print("crash consistency (webhooks): seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let fleet = try Fleet()
        defer { fleet.stop() }
        try await fleet.startServer(pipeline: Self.pipeline)
        let created = try await fleet.call("POST", "/api/v1/repositories", json: #"{"name": "\#(Self.repository)", "provider": "github", "cloneURL": "file:///nonexistent", "webhookSecret": "\#(Fleet.secret)"}"#)
        let repositoryID = try #require(created["id"] as? Int)
        let flood = CrashFlood(client: fleet.http, senders: Self.senders)
        var tally = CrashTally(kind: "deliveries", seed: seed)
        var everyBuild = Set<Int>()
        var next = 0
        for round in 1...Self.rounds {
            let pid = try #require(fleet.server?.pid)
            let killAfter = Duration.milliseconds(Int.random(in: Self.killWindow, using: &random))
            let outcome = await flood.floodAndKill(base: fleet.url, pid: pid, first: next, killAfter: killAfter) { base, index in
                Self.delivery(base: base, index: index)
            }
            await fleet.serverExited()
            fleet.expectDatabaseWhole(after: "round \(round)'s kill")
            try await fleet.startServer(pipeline: Self.pipeline)
            let builds = await checkDeliveries(outcome, flood: flood, fleet: fleet, tally: &tally)
            everyBuild.formUnion(builds)
            // Nothing beyond what the deliveries answered: no orphan build, no second build of one.
            let listed = try await listBuilds(fleet, repositoryID: repositoryID)
            #expect(listed.count == Set(listed).count, "round \(round): a build is listed twice")
            let orphans = Set(listed).subtracting(everyBuild), missing = everyBuild.subtracting(listed)
            #expect(orphans.isEmpty && missing.isEmpty, "round \(round): builds no delivery answers \(orphans.sorted().prefix(5)), answered builds not listed \(missing.sorted().prefix(5))")
            tally.add(round: round, outcome, success: 202)
            next = (outcome.attempted.last ?? next) + 1
        }
        tally.report()
        #expect(tally.lost == 0)
        #expect(tally.answered > 0, "no delivery was ever answered: the flood measured nothing")
    }

    /// Replays every delivery sent in the round against the restarted server and reads each
    /// one's build; returns the builds. A delivery answered 202 must be answered again as a
    /// duplicate with the same body, and its build must be there with both jobs.
    private func checkDeliveries(_ outcome: CrashFlood.Outcome, flood: CrashFlood, fleet: Fleet, tally: inout CrashTally) async -> Set<Int> {
        let replay = await flood.send(outcome.attempted, base: fleet.url) { base, index in Self.delivery(base: base, index: index) }
        var buildOf: [Int: Int] = [:]
        for index in outcome.attempted {
            guard case let .success(again)? = replay[index] else {
                Issue.record("replaying delivery \(index) failed: \(String(describing: replay[index]))")
                continue
            }
            let first = outcome.answers[index]
            if let first, first.status == 202 {
                if again.status != 200 || again.body != first.body {
                    tally.lose(index, "answered 202 \(first.bodyText), after the restart \(again.status) \(again.bodyText)")
                }
            } else {
                #expect([200, 202].contains(again.status), "replaying delivery \(index): \(again.status) \(again.bodyText)")
                if again.status == 200 { tally.storedUnanswered += 1 }
            }
            // A delivery stored without its build would answer `"builds":[]`.
            let builds = Self.object(again.body)["builds"] as? [Int] ?? []
            #expect(builds.count == 1, "delivery \(index) answers builds \(builds): \(again.bodyText)")
            if let build = builds.first { buildOf[index] = build }
        }
        #expect(Set(buildOf.values).count == buildOf.count, "two deliveries answer the same build")
        let builds = buildOf
        let reads = await flood.send(builds.keys.sorted(), base: fleet.url) { base, index in
            Self.get(base, "/api/v1/builds/\(builds[index] ?? 0)")
        }
        for (index, build) in builds.sorted(by: { $0.key < $1.key }) {
            let response = try? reads[index]?.get()
            let object = Self.object(response?.body ?? [])
            let jobs = (object["jobs"] as? [[String: Any]] ?? []).compactMap { $0["stepKey"] as? String }
            if response?.status != 200 || object["commitSHA"] as? String != Self.sha(index) || jobs.sorted() != ["android", "ios"] {
                let text = response?.bodyText ?? "no answer"
                if outcome.answers[index]?.status == 202 {
                    tally.lose(index, "build \(build) after the restart: \(text)")
                } else {
                    Issue.record("delivery \(index)'s build \(build) is half-written or missing: \(text)")
                }
            }
        }
        return Set(builds.values)
    }

    /// Every build of the repository, through the paged list.
    private func listBuilds(_ fleet: Fleet, repositoryID: Int) async throws -> [Int] {
        var ids: [Int] = []
        var cursor: String?
        repeat {
            let page = try await fleet.call("GET", "/api/v1/builds?repository=\(repositoryID)&limit=200" + (cursor.map { "&cursor=\($0)" } ?? ""))
            ids += (page["builds"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        return ids
    }
}
