import Core
import Foundation
import Glibc
import Hummingbird
import Logging
import NIOCore
import Testing
import TestSupport

// MARK: - FakeAgentServer

/// A loopback Hummingbird server speaking the agent side of `AgentProtocol`: it hands out
/// scripted `JobAssignment`s and records registrations, logs, heartbeats and outcomes.
/// Each test runs its own through ``run(port:_:)``, which always stops it.
struct FakeAgentServer: Sendable {
    /// The port it listens on.
    let port: Int
    /// What it has seen and what it will answer.
    let state: FakeAgentState

    /// `http://127.0.0.1:<port>`.
    var url: String { "http://127.0.0.1:\(self.port)" }

    /// The registration token it accepts.
    static let registrationToken = "test-registration-token"

    // MARK: Running

    /// Starts a server (on `port`, or an ephemeral one), runs `body` and stops the server.
    static func run<T: Sendable>(
        port: Int = 0, state: FakeAgentState = FakeAgentState(),
        _ body: @escaping @Sendable (FakeAgentServer) async throws -> T
    ) async throws -> T {
        try await LoopbackServer.run(router: Self.makeRouter(state: state), port: port, label: "AgentTests.FakeAgentServer", logLevel: .warning) { server in
            try await body(FakeAgentServer(port: server.port, state: state))
        }
    }

    /// A free port below Linux's ephemeral range (32768–60999), so nothing answers on it (yet)
    /// and the test can bind it later. An ephemeral port could meanwhile become the source port
    /// of some other connection — even of the agent's own retries, which then connect to
    /// themselves — and the later bind would fail.
    static func closedPort() async throws -> Int {
        for _ in 0..<100 {
            let candidate = Int.random(in: 20_000..<32_000)
            if canBind(candidate) { return candidate }
        }
        throw FakeAgentServerError.noFreePort
    }

    /// Whether a listening socket could be bound to 127.0.0.1:`port` now.
    private static func canBind(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    // MARK: Routes

    private static func makeRouter(state: FakeAgentState) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: UnavailableMiddleware(state: state))
        router.post("/api/v1/agents/register") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1024 * 1024)
            guard request.headers[.authorization] == "Bearer \(Self.registrationToken)" else {
                return Self.error(.unauthorized, code: "unauthorized")
            }
            guard let registration = try? JSONDecoder().decode(AgentRegistration.self, from: Data(body.readableBytesView)) else {
                return Self.error(.badRequest, code: "bad_request")
            }
            let answer = await state.register(registration)
            return Self.json(answer, status: .created)
        }
        router.post("/api/v1/agent/jobs/next") { request, _ -> Response in
            guard let agent = await state.agent(for: request.headers[.authorization]) else {
                return Self.error(.unauthorized, code: "unauthorized")
            }
            let wait = min(request.uri.queryParameters.get("wait", as: Int.self) ?? 25, 3)
            switch await state.nextJob(agent: agent, waitSeconds: wait) {
            case .none: return Response(status: .noContent)
            case .some(.assignment(let assignment)): return Self.json(assignment, status: .ok)
            case .some(.raw(let text)): return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: text)))
            }
        }
        router.post("/api/v1/agent/jobs/:id/:action") { request, context -> Response in
            guard await state.agent(for: request.headers[.authorization]) != nil else {
                return Self.error(.unauthorized, code: "unauthorized")
            }
            let jobID = try context.parameters.require("id", as: Int64.self)
            let action = try context.parameters.require("action")
            let body = try await request.body.collect(upTo: 8 * 1024 * 1024)
            let sequence = request.headers[.init("X-Log-Sequence")!].flatMap { Int($0) }
            let answer = await state.jobCall(jobID: jobID, action: action, body: Array(buffer: body), sequence: sequence)
            switch answer {
            case .directive(let directive): return Self.json(directive, status: .ok)
            case .ok: return Response(status: .ok)
            case .json(let bytes): return Self.json(bytes)
            case .notHeld: return Self.error(.conflict, code: "job_not_held")
            case .badRequest(let message): return Self.error(.badRequest, code: message)
            }
        }
        router.put("/api/v1/agent/jobs/:id/artifacts") { request, context -> Response in
            guard await state.agent(for: request.headers[.authorization]) != nil else {
                return Self.error(.unauthorized, code: "unauthorized")
            }
            let jobID = try context.parameters.require("id", as: Int64.self)
            let path = request.uri.queryParameters.get("path").map { String($0) } ?? ""
            let body = try await request.body.collect(upTo: 64 * 1024 * 1024)
            await state.storeArtifact(jobID: jobID, path: path, bytes: Array(buffer: body))
            return Self.json(["path": path], status: .created)
        }
        return router
    }

    private static func json(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let data = (try? JSONEncoder().encode(value)) ?? Data()
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func json(_ bytes: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    private static func error(_ status: HTTPResponse.Status, code: String) -> Response {
        let body = #"{"error":{"code":"\#(code)","message":"fake server says \#(code)"}}"#
        return Response(status: status, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Answers every request 503 while ``FakeAgentState/unavailable`` is set, as a replica
/// behind a load balancer (or one that cannot reach its database) does.
private struct UnavailableMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let state: FakeAgentState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if await self.state.unavailable {
            await self.state.countUnavailable()
            var headers = HTTPFields()
            headers[.retryAfter] = "1"
            return Response(status: .serviceUnavailable, headers: headers, body: .init(byteBuffer: ByteBuffer(string: #"{"error":{"code":"database_unavailable","message":"fake"}}"#)))
        }
        return try await next(request, context)
    }
}

/// The fake server could not find a port to use.
enum FakeAgentServerError: Error {
    case noFreePort
}
