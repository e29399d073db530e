import Core
import DI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import Server

/// A composed server on a fresh SQLite file in a temp folder, for `app.test(.router)`.
struct TestServer {
    static let adminToken = "test-admin-token-0123456789"

    let directory: URL
    var server: MobileOpsServer

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
        configure(&configuration)
        var logger = logs?.logger() ?? Logger(label: "test")
        if logs == nil { logger.logLevel = .critical }
        var server = try await MobileOpsServer.compose(configuration: configuration, logger: logger) { builder in
            builder.override((any TimeSource).self, instance: clock ?? SystemClock(offset: DateShift.whole))
            customize(&builder)
        }
        if !backgroundServices { server.backgroundServices = [] }
        return TestServer(directory: directory, server: server)
    }

    /// Runs `body` against the router in process, then removes the folder.
    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try await server.makeApplication().test(.router, body)
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
