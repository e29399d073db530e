import Core
import Foundation
import Store

/// 100,000 pending jobs in a real SQLite file: how long `claimNextJob` takes for an agent.
///
/// The backlog is 1,000 builds of 100 jobs over four requirement sets (iOS with two Xcode
/// versions, Android, Linux), a tenth of the builds at a higher priority, and a dependency
/// inside each build, so picks walk past waiting jobs as they do in real queues.
struct StorePickBenchmark {
    let builds = 1_000
    let jobsPerBuild = 100
    let picks = 500

    func run() throws -> [ResultRow] {
        let directory = NSTemporaryDirectory() + "mobile-ops-pick-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try AppDatabase.open(path: directory + "/db.sqlite")
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
            pending += try database.createBuild(draft, audit: audit).jobs?.filter { $0.state == .pending }.count ?? 0
        }
        let fillSeconds = (ContinuousClock.now - filling).seconds
        let token = try database.createRegistrationToken(id: "bench", name: "bench", secretHash: "x", audit: audit)
        func agent(_ tags: [String: String]) throws -> Agent {
            try database.registerAgent(
                AgentRegistration(name: "agent", tags: tags, slots: 1_000_000), registrationTokenID: token.id,
                tokenID: UUID().uuidString, secretHash: "x", now: Date()
            )
        }
        let android = try agent(["platform": "android"])
        let mac = try agent(["platform": "ios", "xcode": "16.2"])
        let none = try agent(["platform": "windows"])

        func measure(_ agent: Agent, count: Int) throws -> [Double] {
            var samples: [Double] = []
            for _ in 0..<count {
                let start = ContinuousClock.now
                _ = try database.claimNextJob(agent: agent, leaseSeconds: 60, now: Date())
                samples.append((ContinuousClock.now - start).seconds)
            }
            return samples
        }
        let androidPicks = try measure(android, count: picks)
        let macPicks = try measure(mac, count: picks)
        let nonePicks = try measure(none, count: 100)
        let all = androidPicks + macPicks
        let p99 = Stats.percentile(all, 99)
        return [
            ResultRow(scenario: "pick (store)", measure: "pending jobs at start", value: "\(pending) (filled in \(String(format: "%.1f", fillSeconds)) s)", target: "100,000", passed: pending >= 100_000),
            ResultRow(scenario: "pick (store)", measure: "claimNextJob p50 / p99 (\(all.count) picks)", value: "\(Stats.ms(Stats.percentile(all, 50))) / \(Stats.ms(p99))", target: "< 2 ms", passed: p99 < 0.002),
            ResultRow(scenario: "pick (store)", measure: "no matching job p50 / p99", value: "\(Stats.ms(Stats.percentile(nonePicks, 50))) / \(Stats.ms(Stats.percentile(nonePicks, 99)))", target: "< 2 ms", passed: Stats.percentile(nonePicks, 99) < 0.002),
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
