import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// `POST /api/v1/impact` with a registered repository reads a checkout of whatever revision
/// a read token names: it must never run the repository's code, never read outside the
/// checkout, and never show the server's own paths.
@Suite("POST /api/v1/impact: repository safety")
struct ImpactRepositorySafetyTests {
    /// A Swift package whose manifest leaves a file behind when it is run.
    static func manifest(marker: String) -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription
        import Foundation

        _ = FileManager.default.createFile(atPath: "\(marker)", contents: Data("ran".utf8))
        let package = Package(name: "Shop", targets: [.target(name: "Core"), .testTarget(name: "CoreTests", dependencies: ["Core"])])
        """
    }

    /// The Swift package's files: its manifest (leaving `marker` behind if run), one module and its tests.
    static func shopPackage(marker: String) -> [String: String] {
        ["Package.swift": manifest(marker: marker), "Sources/Core/Core.swift": "struct Core {}", "Tests/CoreTests/CoreTests.swift": "struct CoreTests {}"]
    }

    static let coreGraph = #"""
        {"modules": [{"name": "Core", "paths": ["Sources/Core"]}],
         "testSuites": [{"name": "CoreTests", "module": "Core", "paths": ["Tests/CoreTests"]}]}
        """#

    @Test("a Swift package without a graph: 400 graph_required, and the manifest never runs")
    func swiftPackageNeedsAGraph() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-ran-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let repository = try await Self.makeRepository(Self.shopPackage(marker: marker))
        defer { try? FileManager.default.removeItem(atPath: repository.path) }

        let server = try await TestServer.make()
        let serverFolder = server.directory.path
        try await server.test { client in
            try await Self.register(repository.path, as: "acme/shop", with: client)
            let refused = try await client.send(.post, "/api/v1/impact", json: #"{"repository": "acme/shop", "changedFiles": ["Sources/Core/Core.swift"]}"#)
            #expect(refused.status == .badRequest)
            #expect(refused.body.errorCode == "graph_required")
            let message = refused.body.errorMessage ?? ""
            #expect(message.contains("graph"))
            #expect(!message.contains("--"), "no CLI flag: \(message)")
            #expect(!message.contains(serverFolder), "no server path: \(message)")
            #expect(!FileManager.default.fileExists(atPath: marker), "Package.swift ran on the server")

            let withGraph = try await client.send(
                .post, "/api/v1/impact", json: #"{"repository": "acme/shop", "graph": \#(Self.coreGraph), "changedFiles": ["Sources/Core/Core.swift"]}"#
            )
            #expect(withGraph.status == .ok, "\(withGraph.body)")
            #expect((withGraph.body["selected"] as? [[String: Any]])?.map { $0["name"] as? String } == ["CoreTests"])
            #expect(!FileManager.default.fileExists(atPath: marker), "Package.swift ran on the server")
        }
    }

    @Test("a graph file kept in the repository is read at head; errors name repository paths only")
    func graphFileInTheRepository() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-ran-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let repository = try await Self.makeRepository(
            Self.shopPackage(marker: marker).merging(["ci/module-graph.json": Self.coreGraph, "ci/bad.json": #"{"modules": 3}"#]) { $1 })
        defer { try? FileManager.default.removeItem(atPath: repository.path) }
        let plain = try await Self.makeRepository(["README.md": "no build files here"])
        defer { try? FileManager.default.removeItem(atPath: plain.path) }

        let server = try await TestServer.make()
        let serverFolder = server.directory.path
        try await server.test { client in
            try await Self.register(repository.path, as: "acme/shop", with: client)
            try await Self.register(plain.path, as: "acme/plain", with: client)
            let read = try await client.send(
                .post, "/api/v1/impact", json: #"{"repository": "acme/shop", "graph": "ci/module-graph.json", "changedFiles": ["Sources/Core/Core.swift"]}"#
            )
            #expect(read.status == .ok, "\(read.body)")
            #expect((read.body["selected"] as? [[String: Any]])?.map { $0["name"] as? String } == ["CoreTests"])
            #expect(!FileManager.default.fileExists(atPath: marker), "Package.swift ran on the server")

            let cases: [(body: String, code: String, names: String)] = [
                (#"{"repository": "acme/shop", "graph": "ci/missing.json", "changedFiles": []}"#, "invalid_graph", "ci/missing.json"),
                (#"{"repository": "acme/shop", "graph": "ci/bad.json", "changedFiles": []}"#, "impact_failed", "ci/bad.json"),
                (#"{"repository": "acme/shop", "graph": "ci", "changedFiles": []}"#, "invalid_graph", "ci"),
                (#"{"repository": "acme/plain", "changedFiles": ["README.md"]}"#, "graph_required", "'.'"),
                (#"{"graph": "ci/module-graph.json", "changedFiles": []}"#, "invalid_graph", "repository"),
            ]
            for (body, code, names) in cases {
                let response = try await client.send(.post, "/api/v1/impact", json: body)
                let message = response.body.errorMessage ?? ""
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.body.errorCode == code, "\(body): \(message)")
                #expect(message.contains(names), "\(body): \(message)")
                #expect(!message.contains(serverFolder) && !message.contains(repository.path), "no server path: \(message)")
                #expect(!message.contains("--"), "no CLI flag: \(message)")
            }
        }
    }

    @Test("'project' and a 'graph' path that lead outside the checkout are refused with 400")
    func pathsStayInsideTheCheckout() async throws {
        let server = try await TestServer.make()
        let serverFolder = server.directory.path
        // A readable Gradle project beside the server's data: where '../../../../outside' leads
        // from a checkout (<data>/db/impact/checkouts/<id>).
        let outside = server.directory.appendingPathComponent("outside").path
        let gradle = ["settings.gradle.kts": #"include(":core")"#, "core/build.gradle.kts": "plugins { id(\"java-library\") }\n"]
        for (file, text) in gradle {
            let url = URL(fileURLWithPath: outside + "/" + file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try Self.coreGraph.write(toFile: outside + "/graph.json", atomically: true, encoding: .utf8)
        var files = ["README.md": "readme"]
        for (file, text) in gradle { files["app/" + file] = text }
        let repository = try await Self.makeRepository(files, links: ["escape": outside, "escape.json": outside + "/graph.json"])
        defer { try? FileManager.default.removeItem(atPath: repository.path) }

        try await server.test { client in
            try await Self.register(repository.path, as: "acme/app", with: client)
            let inside = try await client.send(.post, "/api/v1/impact", json: #"{"repository": "acme/app", "project": "./app/", "changedFiles": ["core/A.kt"]}"#)
            #expect(inside.status == .ok, "\(inside.body)")

            let cases: [(field: String, value: String)] = [
                ("project", "../../../../outside"), ("project", "app/../../../../../outside"), ("project", outside),
                ("project", "escape"), ("project", "escape/core"),
                ("graph", "../../../../outside/graph.json"), ("graph", outside + "/graph.json"), ("graph", "escape.json"),
                ("graph", "escape/graph.json"),
            ]
            for (field, value) in cases {
                let body = #"{"repository": "acme/app", "\#(field)": "\#(value)", "changedFiles": ["core/A.kt"]}"#
                let response = try await client.send(.post, "/api/v1/impact", json: body)
                let message = response.body.errorMessage ?? ""
                #expect(response.status == .badRequest, "\(body): \(response.body)")
                #expect(response.body.errorCode == "invalid_\(field)", "\(body): \(message)")
                #expect(!message.contains(serverFolder), "no server path: \(message)")
            }
        }
    }

    @Test("'head' and 'base' may name any branch of the repository, not only the default one")
    func anyBranch() async throws {
        let repository = try await Self.makeRepository([
            "Sources/Core/Core.swift": "struct Core {}",
            "Tests/CoreTests/CoreTests.swift": "struct CoreTests {}",
            "ci/module-graph.json": Self.coreGraph,
        ])
        defer { try? FileManager.default.removeItem(atPath: repository.path) }
        try "struct Core { var cents = 0 }".write(toFile: repository.path + "/Sources/Core/Core.swift", atomically: true, encoding: .utf8)
        _ = try await ImpactAPITests.git(["checkout", "-q", "-b", "feature"], ["commit", "-q", "-am", "two"], ["checkout", "-q", "main"], in: repository.path)

        try await TestServer.make().test { client in
            try await Self.register(repository.path, as: "acme/shop", with: client)
            for head in ["feature", "origin/feature"] {
                let body = #"{"repository": "acme/shop", "graph": "ci/module-graph.json", "base": "main", "head": "\#(head)"}"#
                let response = try await client.send(.post, "/api/v1/impact", json: body)
                #expect(response.status == .ok, "\(head): \(response.body)")
                #expect((response.body["selected"] as? [[String: Any]])?.map { $0["name"] as? String } == ["CoreTests"], "\(head)")
            }
            let reverse = try await client.send(
                .post, "/api/v1/impact", json: #"{"repository": "acme/shop", "graph": "ci/module-graph.json", "base": "feature", "head": "main"}"#
            )
            #expect(reverse.status == .ok, "\(reverse.body)")
            let unknown = try await client.send(
                .post, "/api/v1/impact", json: #"{"repository": "acme/shop", "graph": "ci/module-graph.json", "base": "main", "head": "nowhere"}"#
            )
            #expect(unknown.status == .badRequest)
            #expect(unknown.body.errorMessage?.contains("'nowhere'") == true, "\(unknown.body)")
        }
    }

    // MARK: Helpers

    /// A git repository in a temp folder holding `files` and symlinks `links` (name → target),
    /// committed on `main`; answers the folder and the commit.
    static func makeRepository(_ files: [String: String], links: [String: String] = [:]) async throws -> (path: String, commit: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("impact-safety-\(UUID().uuidString)").path
        for (file, text) in files {
            let url = URL(fileURLWithPath: path + "/" + file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: path + "/" + name, withDestinationPath: target)
        }
        let commit = try await ImpactAPITests.git(["init", "-q", "-b", "main", "."], ["add", "."], ["commit", "-q", "-m", "one"], in: path)
        return (path, commit)
    }

    /// Registers the repository at `path` under `name`.
    static func register(_ path: String, as name: String, with client: any TestClientProtocol) async throws {
        let created = try await client.send(
            .post, "/api/v1/repositories", json: #"{"name": "\#(name)", "provider": "github", "cloneURL": "file://\#(path)", "defaultBranch": "main"}"#
        )
        #expect(created.status == .created, "\(created.body)")
    }
}
