import Core
import Foundation
import Store
import StorePostgres
import StoreSQLite

/// 100,000 pending jobs in a real store: how long `claimNextJob` takes for an agent, through
/// the same protocol calls on SQLite (a file) and PostgreSQL (a server on loopback).
///
/// The backlog is 1,000 builds of 100 jobs over four requirement sets (iOS with two Xcode
/// versions, Android, Linux), a tenth of the builds at a higher priority, and a dependency
/// inside each build, so picks walk past waiting jobs as they do in real queues.
struct StorePickBenchmark {
    /// The store's name in the table.
    let backend: String
    let builds = 1_000
    let jobsPerBuild = 100
    let picks = 500

    /// What one run measured, for the table and for comparing the backends.
    struct Figures {
        var rows: [ResultRow]
        var p99: Double
    }

    func run(on store: some BuildStore & AgentStore & JobQueue) async throws -> Figures {
        let audit = AuditEvent(occurredAt: Date(), actor: "bench", action: "build.create", subject: "bench")
        let requirements: [[String: [String]]] = [
            ["platform": ["ios"], "xcode": ["16.2"]], ["platform": ["ios"], "xcode": ["16.1"]],
            ["platform": ["android"]], ["platform": ["linux"]],
        ]
        let filling = ContinuousClock.now
        var pending = 0
        for index in 0..<builds {
            let needs = requirements[index % requirements.count]
            var jobs = [JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["make"], requirements: AgentRequirements(needs)))]
            for shard in 1..<jobsPerBuild {
                jobs.append(JobDraft(
                    stepKey: "test-\(shard)", label: "Test \(shard)",
                    spec: JobSpec(commands: ["make test"], requirements: AgentRequirements(needs), dependsOn: shard % 10 == 0 ? ["build"] : [])
                ))
            }
            let draft = BuildDraft(
                repositoryID: nil, pipeline: "bench", trigger: "manual", branch: "main", commitSHA: String(repeating: "a", count: 40),
                priority: index % 10 == 0 ? 5 : 0, jobs: jobs
            )
            pending += try await store.createBuild(draft, audit: audit).jobs?.filter { $0.state == .pending }.count ?? 0
        }
        let fillSeconds = (ContinuousClock.now - filling).seconds
        let token = try await store.createRegistrationToken(id: "bench", name: "bench", secretHash: "x", audit: audit)
        func agent(_ tags: [String: String]) async throws -> Agent {
            try await store.registerAgent(
                // One name per agent: a second registration under an online agent's name is refused.
                AgentRegistration(name: "agent-\(tags["platform"] ?? "none")", tags: tags, slots: 1_000_000), registrationTokenID: token.id,
                tokenID: UUID().uuidString, secretHash: "x", now: Date()
            )
        }
        let android = try await agent(["platform": "android"])
        let mac = try await agent(["platform": "ios", "xcode": "16.2"])
        let none = try await agent(["platform": "windows"])

        func measure(_ agent: Agent, count: Int) async throws -> [Double] {
            var samples: [Double] = []
            for _ in 0..<count {
                let start = ContinuousClock.now
                _ = try await store.claimNextJob(agent: agent, leaseSeconds: 60, now: Date())
                samples.append((ContinuousClock.now - start).seconds)
            }
            return samples
        }
        let androidPicks = try await measure(android, count: picks)
        let macPicks = try await measure(mac, count: picks)
        let nonePicks = try await measure(none, count: 100)
        let all = androidPicks + macPicks
        let p99 = Stats.percentile(all, 99)
        let scenario = "pick (\(backend))"
        return Figures(rows: [
            ResultRow(scenario: scenario, measure: "pending jobs at start", value: "\(pending) (filled in \(String(format: "%.1f", fillSeconds)) s)", target: "100,000", passed: pending >= 100_000),
            ResultRow(scenario: scenario, measure: "claimNextJob p50 / p99 (\(all.count) picks)", value: "\(Stats.ms(Stats.percentile(all, 50))) / \(Stats.ms(p99))", target: backend == "SQLite" ? "< 2 ms" : "< 5 ms", passed: p99 < (backend == "SQLite" ? 0.002 : 0.005)),
            ResultRow(scenario: scenario, measure: "no matching job p50 / p99", value: "\(Stats.ms(Stats.percentile(nonePicks, 50))) / \(Stats.ms(Stats.percentile(nonePicks, 99)))", target: backend == "SQLite" ? "< 2 ms" : "< 5 ms", passed: Stats.percentile(nonePicks, 99) < (backend == "SQLite" ? 0.002 : 0.005)),
        ], p99: p99)
    }

    /// The pick on a new SQLite file, then (when `postgresURL` is set) on a new PostgreSQL
    /// database of that server, and PostgreSQL's p99 as a ratio to SQLite's from this run.
    static func runBoth(postgresURL: String?) async throws -> [ResultRow] {
        let directory = NSTemporaryDirectory() + "mobile-ops-pick-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sqlite = try await StorePickBenchmark(backend: "SQLite").run(on: try AppDatabase.open(path: directory + "/db.sqlite"))
        guard let postgresURL else { return sqlite.rows }
        let database = try await PostgresAppDatabase.open(url: postgresURL)
        let postgres = try await StorePickBenchmark(backend: "PostgreSQL").run(on: database)
        await database.close()
        return sqlite.rows + postgres.rows + [
            ResultRow(scenario: "pick", measure: "PostgreSQL p99 / SQLite p99 (same run)", value: String(format: "%.2f×", postgres.p99 / sqlite.p99), target: "—", passed: true),
        ]
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
