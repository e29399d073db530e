import HTTPClient
import Hummingbird
import Logging
import NIOCore
import Testing
import TestSupport

// MARK: - TestServer

/// A real Hummingbird server on 127.0.0.1 with an ephemeral port, with the routes the client
/// tests need. Each test runs its own through ``TestServer/run(_:)``, which always stops it.
struct TestServer: Sendable {
    /// The port the server is bound to.
    let port: Int
    /// Parks `/gate` requests until opened; lets tests hold many requests in flight.
    let gate: Gate
    /// Counts what `/stream` handlers have written, so tests can see backpressure.
    let progress: StreamProgress

    /// `http://127.0.0.1:<port><path>`; an IP, never a name, so no DNS query leaves the machine.
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(self.port)\(path)"
    }

    // MARK: Running

    /// Starts a server, runs `body` against it (bounded by `timeLimit`) and stops it.
    static func run<T: Sendable>(
        timeLimit: Duration = .seconds(30),
        _ body: @escaping @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let gate = Gate()
        let progress = StreamProgress()
        let router = Self.makeRouter(gate: gate, progress: progress)
        return try await LoopbackServer.run(router: router, label: "HTTPClientTests.TestServer", logLevel: .warning) { loopback in
            let server = TestServer(port: loopback.port, gate: gate, progress: progress)
            // Parked handlers are released before the server stops, so shutdown need not wait for them.
            do {
                let result = try await withTimeLimit(timeLimit) { try await body(server) }
                await gate.open()
                return result
            } catch {
                await gate.open()
                throw error
            }
        }
    }

    /// A port nothing listens on: 1 (tcpmux) is privileged and outside the ephemeral range,
    /// so no test server can be bound there. (A port just released by a test server could
    /// be reused at once by another test running in parallel.)
    static func closedPort() async throws -> Int {
        1
    }

    /// `count` bytes of a recognisable pattern (a 251-byte cycle, so offsets are checkable),
    /// built chunk-wise because element-wise loops are slow in debug builds.
    static func patternBytes(_ count: Int) -> [UInt8] {
        let cycle = (0..<251).map { UInt8($0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + cycle.count)
        while bytes.count < count { bytes.append(contentsOf: cycle) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    // MARK: Routes

    private static func makeRouter(gate: Gate, progress: StreamProgress) -> Router<BasicRequestContext> {
        let router = Router()
        Self.addStreamingRoutes(to: router, gate: gate, progress: progress)
        router.get("/hello") { _, _ in "hello" }
        router.post("/echo") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 64 * 1024 * 1024)
            var headers = HTTPFields()
            headers[.init("X-Body-Length")!] = "\(body.readableBytes)"
            headers[.init("X-Request-Content-Type")!] = request.headers[.contentType] ?? "none"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
        }
        router.get("/headers") { request, _ -> Response in
            var headers = HTTPFields()
            headers[.init("X-Echo-Id")!] = request.headers[.init("X-Request-Id")!] ?? "missing"
            headers.append(.init(name: .init("X-Multi")!, value: "one"))
            headers.append(.init(name: .init("X-Multi")!, value: "two"))
            let agent = request.headers[.userAgent] ?? "none"
            return Response(status: .accepted, headers: headers, body: .init(byteBuffer: ByteBuffer(string: agent)))
        }
        for method in [HTTPTypes.HTTPRequest.Method.get, .put, .patch, .delete, .head, .options] {
            router.on("/method", method: method) { request, _ -> String in
                let body = try await request.body.collect(upTo: 1024 * 1024)
                return "\(request.method.rawValue):\(body.readableBytes)"
            }
        }
        router.get("/redirect/:count") { _, context -> Response in
            let count = try context.parameters.require("count", as: Int.self)
            guard count > 0 else { return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "done"))) }
            return .redirect(to: "/redirect/\(count - 1)", type: .found)
        }
        router.get("/large/:bytes") { _, context -> Response in
            let count = try context.parameters.require("bytes", as: Int.self)
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: Self.patternBytes(count))))
        }
        router.get("/gate") { _, _ -> String in
            await gate.arrive()
            return "released"
        }
        return router
    }
}
