import Foundation
import HTTPClient
import PostgresSupport
import Testing

/// Replicas A and B (A started first, so A leads) on one new PostgreSQL database, nginx in
/// front, one registered repository and agents that know only nginx's address. Each job
/// writes `start JOB BUILD` and `end JOB` lines to one shared file, so a test can count how
/// often every job really ran.
struct BalancedCluster {
    let a: Fleet
    let b: Fleet
    let balancer: NginxBalancer
    let runsFile: URL
    let repository = "acme/balanced"
    let sha: String

    /// The lines jobs wrote: each start with its job and build, each end's job.
    struct Runs {
        var starts: [(job: Int, build: Int)] = []
        var ends: Set<Int> = []
        var endCount = 0
    }

    static func start(jobSeconds: Int, agents: Int) async throws -> BalancedCluster {
        let database = try await PostgresScratchDatabase.create().url
        let a = try Fleet(), b = try Fleet()
        a.postgresURL = database
        b.postgresURL = database
        let runsFile = a.root.appendingPathComponent("runs.txt")
        let pipeline = MultiReplicaTests.pushPipeline(
            command: #"echo "start $MOBILE_OPS_JOB_ID $MOBILE_OPS_BUILD_ID" >> \#(runsFile.path); sleep \#(jobSeconds); echo "end $MOBILE_OPS_JOB_ID" >> \#(runsFile.path)"#)
        // A realistic lease (the default is a minute): the test is about replicas, not about
        // leases that a loaded machine lets lapse.
        try await a.startServer(pipeline: pipeline, leaseSeconds: 30)
        try await b.startServer(pipeline: pipeline, leaseSeconds: 30)
        let balancer = try await NginxBalancer(root: a.root.appendingPathComponent("nginx"), upstreamPorts: [a.port, b.port])
        let (path, sha) = try await a.makeRepository()
        let cluster = BalancedCluster(a: a, b: b, balancer: balancer, runsFile: runsFile, sha: sha)
        try await a.call("POST", "/api/v1/repositories", json: #"{"name": "\#(cluster.repository)", "provider": "github", "cloneURL": "file://\#(path)", "webhookSecret": "\#(Fleet.secret)"}"#)
        for index in 0..<agents {
            try a.startAgent("agent-\(index)", tags: ["platform=android"], pollWait: 2, servers: [balancer.url])
        }
        return cluster
    }

    /// Who sends this cluster's pushes through the balancer.
    var sender: PushSender { PushSender(client: a.http, base: balancer.url, repository: repository, sha: sha) }

    /// Sends `count` signed pushes through the balancer (see ``PushSender``).
    func deliver(count: Int, senders: Int) async -> PushSender.Delivered {
        await sender.deliver(count: count, senders: senders)
    }

    /// The job lines written so far.
    func runs() throws -> Runs {
        let text = (try? String(contentsOf: runsFile, encoding: .utf8)) ?? ""
        var runs = Runs()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[0] == "start", let job = Int(fields[1]), let build = Int(fields[2]) {
                runs.starts.append((job, build))
            } else if fields.count == 2, fields[0] == "end", let job = Int(fields[1]) {
                runs.ends.insert(job)
                runs.endCount += 1
            }
        }
        return runs
    }

    /// Waits until `count` jobs have written their end line, and returns every line.
    func waitForRuns(ending count: Int, limit: Duration) async throws -> Runs {
        try await MultiReplicaTests.eventually("\(count) jobs ended", limit: limit) { ((try? runs().endCount) ?? 0) >= count }
        // A job run twice would write its lines again; give a straggler time to show.
        try await Task.sleep(for: .seconds(2))
        return try runs()
    }

    /// How many of `builds` are in each state, read through the balancer.
    func states(of builds: Set<Int>) async throws -> [String: Int] {
        var states: [String: Int] = [:]
        for id in builds {
            let response = try await a.http.execute(HTTPClient.Request(url: balancer.url + "/api/v1/builds/\(id)", headers: ["Authorization": "Bearer \(Fleet.adminToken)"]))
            let build = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
            states[build?["state"] as? String ?? "HTTP \(response.status)", default: 0] += 1
        }
        return states
    }

    func stop() {
        a.stop()
        b.stop()
        balancer.stop()
    }
}
