import Foundation
import Testing

/// deploy/compose.yaml: PostgreSQL, two servers sharing its database and one artifacts
/// location, and a load balancer that starts once both are ready.
@Suite struct ComposeTests {
    let compose: [String: Any]
    let services: [String: [String: Any]]

    init() throws {
        compose = try DeployFiles.map("deploy/compose.yaml")
        services = try #require(compose["services"] as? [String: [String: Any]], "compose.yaml has no services")
    }

    /// The services run from the server's image.
    var servers: [String: [String: Any]] { services.filter { ($0.value["image"] as? String)?.hasPrefix("mobile-ops:") == true } }

    /// A service's `environment` map.
    func environment(_ service: [String: Any]) -> [String: String] {
        (service["environment"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
    }

    /// A service's `depends_on` conditions by service name.
    func dependencies(_ service: [String: Any]) -> [String: String] {
        (service["depends_on"] as? [String: [String: Any]] ?? [:]).mapValues { $0["condition"] as? String ?? "" }
    }

    @Test func twoServersShareOneDatabaseAndOneArtifactsLocation() throws {
        try #require(servers.count == 2, "expected two server services, found \(servers.keys.sorted())")
        let environments = servers.values.map(environment)
        let databases = Set(environments.map { $0["MOBILE_OPS_DATABASE"] ?? "" })
        #expect(databases.count == 1 && databases.first?.hasPrefix("postgres://") == true, "\(databases)")
        let artifacts = Set(environments.map { $0["MOBILE_OPS_ARTIFACTS"] ?? "" })
        try #require(artifacts.count == 1, "the servers keep artifacts in different places: \(artifacts)")
        let location = try #require(artifacts.first)
        #expect(!location.isEmpty, "without MOBILE_OPS_ARTIFACTS each server keeps artifacts on its own disk")
        guard !location.isEmpty, !location.hasPrefix("s3://") else { return }
        // A folder: one named volume that both servers mount there.
        let volumes = servers.values.map { server in
            (server["volumes"] as? [String] ?? []).first { $0.split(separator: ":").dropFirst().first.map(String.init) == location }?
                .split(separator: ":").first.map(String.init)
        }
        #expect(Set(volumes).count == 1 && volumes.allSatisfy { $0 != nil }, "both servers must mount one volume at \(location): \(volumes)")
        let declared = compose["volumes"] as? [String: Any] ?? [:]
        #expect(volumes.allSatisfy { $0.map(declared.keys.contains) == true }, "\(volumes) must be a named volume")
    }

    @Test func serversWaitForPostgreSQLAndReportReadiness() throws {
        let grace = try DeployFiles.longPollSeconds()
        for (name, server) in servers {
            let database = try #require(environment(server)["MOBILE_OPS_DATABASE"].flatMap { URL(string: $0)?.host }, "\(name) has no database host")
            #expect(dependencies(server)[database] == "service_healthy", "\(name) must start once \(database) is healthy")
            #expect(services[database]?["healthcheck"] != nil, "\(database) has no health check")
            let check = (server["healthcheck"] as? [String: Any])?["test"] as? [String] ?? []
            #expect(check.contains { $0.hasSuffix("/readyz") }, "\(name)'s health check must call /readyz: \(check)")
            let stop = try #require((server["stop_grace_period"] as? String).flatMap(DeployFiles.seconds), "\(name) has no stop_grace_period")
            #expect(stop > grace, "\(name)'s stop_grace_period (\(stop) s) must outlast the long poll (\(grace) s)")
            #expect(server["ports"] == nil, "\(name) publishes a port: clients must come through the load balancer")
        }
    }

    @Test func oneLoadBalancerStartsOnceBothServersAreReady() throws {
        let balancers = services.filter { ($0.value["image"] as? String)?.hasPrefix("nginx:") == true }
        try #require(balancers.count == 1, "expected one nginx service, found \(balancers.keys.sorted())")
        let balancer = try #require(balancers.first?.value)
        #expect(dependencies(balancer) == servers.mapValues { _ in "service_healthy" })
        #expect((balancer["volumes"] as? [String] ?? []).contains { $0.hasPrefix("./nginx.conf:") }, "the load balancer must mount nginx.conf")
        #expect((balancer["ports"] as? [String] ?? []).count == 1)
        #expect(((balancer["healthcheck"] as? [String: Any])?["test"] as? [String] ?? []).contains { $0.hasSuffix("/readyz") })
    }

    @Test func nginxSendsToExactlyTheTwoServers() throws {
        let config = try #require(NginxConfig(try DeployFiles.text("deploy/nginx.conf")))
        let upstream = try #require(config.everywhere("upstream").first, "nginx.conf has no upstream")
        let targets = Set(upstream.all("server").compactMap(\.arguments.first))
        let expected = Set(servers.map { "\($0.key):\(environment($0.value)["MOBILE_OPS_PORT"] ?? "8080")" })
        #expect(targets == expected)
        #expect(upstream.all("server").allSatisfy { $0.arguments.contains { $0.hasPrefix("max_fails=") } }, "each server needs max_fails for passive health checks")
    }

    @Test func everyVariableGivenToAServerIsOneItReads() throws {
        var names = Set(servers.values.flatMap { environment($0).keys })
        let example = try DeployFiles.text("deploy/mobile-ops.env.example")
        names.formUnion(example.matches(of: /(?m)^#?(MOBILE_OPS_[A-Z0-9_]+)=/).map { String($0.1) })
        #expect(names.count > 5)
        let unknown = try DeployFiles.unknownVariables(names)
        #expect(unknown == [], "not in docs/configuration.md's server settings or not read by the server")
    }
}
