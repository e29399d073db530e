import Core
import DI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PostgresSupport
import Secrets
import Store
@testable import Server
import TestSupport

/// A composed server on a fresh SQLite file in a temp folder (or a scratch PostgreSQL
/// database), for `app.test(.router)`.
struct TestServer {
    static let adminToken = "test-admin-token-0123456789"
    /// The secrets key every test server starts with unless a test configures another (or none).
    static let secretsKeyText = "7H0Wq3nKpLk8dJ2vR5sT9uX1yZ4aB6cD8eF0gH2iJ4k="

    let directory: URL
    var server: MobileOpsServer
    /// The scratch database the server stores in when it runs on PostgreSQL; dropped after `test`.
    var scratch: PostgresScratchDatabase?

    var databasePath: String { directory.appendingPathComponent("db/mobile-ops.sqlite").path }

    /// Composes a server; `configure` may change the configuration, `customize` the registrations.
    ///
    /// `clock` replaces the system clock for every service and background loop. A test that
    /// drives the periodic checks itself passes `backgroundServices: false`, so no loop runs
    /// a check of its own when the test moves the clock. With `logs`, every service and the
    /// router log into it at trace level; without, only critical lines are written.
    static func make(
        adminToken: String? = TestServer.adminToken,
        in directory: URL? = nil,
        clock: (any TimeSource)? = nil,
        backgroundServices: Bool = true,
        postgres: Bool = false,
        logs: RecordedLogs? = nil,
        configure: (inout ServerConfiguration) -> Void = { _ in },
        customize: (inout ContainerBuilder) -> Void = { _ in }
    ) async throws -> TestServer {
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-server-\(UUID().uuidString)")
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.databasePath = directory.appendingPathComponent("db/mobile-ops.sqlite").path
        configuration.adminToken = adminToken
        configuration.pipelinesPath = directory.appendingPathComponent("pipelines").path
        try FileManager.default.createDirectory(atPath: configuration.pipelinesPath, withIntermediateDirectories: true)
        try TestPipelines.ci.write(toFile: configuration.pipelinesPath + "/app-ci.yml", atomically: true, encoding: .utf8)
        let scratch = postgres ? try await PostgresScratchDatabase.create() : nil
        if let scratch { configuration.postgres = try PostgresLocation(url: scratch.url) }
        configuration.secretsKey = .key(try SecretKey(text: secretsKeyText))
        configure(&configuration)
        var logger = logs?.logger() ?? Logger(label: "test")
        if logs == nil { logger.logLevel = .critical }
        var server = try await MobileOpsServer.compose(configuration: configuration, logger: logger) { builder in
            builder.override((any TimeSource).self, instance: clock ?? SystemClock(offset: DateShift.whole))
            customize(&builder)
        }
        if !backgroundServices { server.backgroundServices = [] }
        return TestServer(directory: directory, server: server, scratch: scratch)
    }

    /// Runs `body` against the router in process, then closes the store and removes the
    /// folder (and the scratch PostgreSQL database).
    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try await server.makeApplication().test(.router, body)
        } catch {
            await release()
            throw error
        }
        await release()
    }

    /// Closes the store, whether or not background services ran to close it, so that a
    /// PostgreSQL pool does not outlive its test, then drops the scratch database.
    private func release() async {
        if let database = try? await server.container.resolve((any StoreDatabase).self) { await database.close() }
        try? await scratch?.drop()
    }
}

// MARK: - Request helpers

extension TestClientProtocol {
    /// Sends a request with an optional bearer token and JSON body, returning status and JSON.
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = TestServer.adminToken, json: String? = nil
    ) async throws -> (status: HTTPResponse.Status, body: [String: Any], headers: HTTPFields) {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }) { response in
            let data = Data(response.body.readableBytesView)
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? ["_raw": String(decoding: data, as: UTF8.self)]
            return (response.status, object, response.headers)
        }
    }
}

extension Dictionary where Key == String, Value == Any {
    /// `body.errorCode` for `{"error": {"code": …}}`.
    var errorCode: String? { (self["error"] as? [String: Any])?["code"] as? String }
    /// `body.errorMessage` for `{"error": {"message": …}}`.
    var errorMessage: String? { (self["error"] as? [String: Any])?["message"] as? String }
}
