import Foundation
import HTTPClient
import Testing
import TestSupport

/// `mobile-ops cache stats`: the remote build cache's counts, as a table and as JSON.
@Suite("mobile-ops cache stats")
struct CacheCommandTests {
    @Test("nothing served yet, then a namespace's hits, misses, hit rate and bytes")
    func stats() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let empty = try await CLIProcess.run(["cache", "stats"], environment: env)
            #expect(empty.status == 0 && empty.stdout.contains("The build cache has served nothing yet."), "\(empty.stdout) \(empty.stderr)")

            let entry = "\(server.url)/cache/gradle/app/0123abcd"
            let basic = "Basic " + Data("gradle:\(LiveServer.adminToken)".utf8).base64EncodedString()
            try await withClient { client in
                _ = try await client.execute(.init(method: .put, url: entry, headers: ["Authorization": basic], body: Array("compiled classes".utf8)))
                // A miss once the namespace holds an entry, so counted under its name.
                _ = try await client.execute(.init(url: "\(server.url)/cache/gradle/app/4567ef01", headers: ["Authorization": basic]))
                _ = try await client.execute(.init(url: entry, headers: ["Authorization": basic]))
            }
            let table = try await CLIProcess.run(["cache", "stats"], environment: env)
            #expect(table.status == 0, "\(table.stderr)")
            let row = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("gradle") }, "\(table.stdout)")
            #expect(row.split(separator: " ").filter { !$0.isEmpty }.prefix(6) == ["gradle", "app", "1", "1", "50.0%", "1"], "\(table.stdout)")
            let json = try await CLIProcess.run(["cache", "stats", "--json"], environment: env)
            let namespaces = ((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) as? [String: Any])?["namespaces"] as? [[String: Any]]
            #expect(namespaces?.first?["bytesStored"] as? Int == 16, "\(json.stdout)")

            let daily = try await CLIProcess.run(["cache", "daily", "--days", "2"], environment: env)
            #expect(daily.status == 0, "\(daily.stderr)")
            let today = try #require(daily.stdout.split(separator: "\n").last, "\(daily.stdout)")
            #expect(today.split(separator: " ").filter { !$0.isEmpty }.dropFirst() == ["1", "1", "50.0%", "1"], "\(daily.stdout)")
            let refused = try await CLIProcess.run(["cache", "daily", "--days", "0"], environment: env)
            #expect(refused.status != 0 && refused.stderr.contains("days"), "\(refused.stdout) \(refused.stderr)")
        }
    }
}
