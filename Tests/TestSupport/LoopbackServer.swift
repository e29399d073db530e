import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

// MARK: - LoopbackServer

/// A Hummingbird application serving on 127.0.0.1 over real HTTP, at a port the system picks
/// (or one the test names): the fakes of outside services and the live servers the tests
/// start all run through it.
///
/// ``run(_:label:logLevel:_:)`` and its siblings start one, run the test's body and always
/// stop it; ``start(label:logLevel:_:)`` and ``stop()`` are for a test that stops it itself.
public struct LoopbackServer: Sendable {
    /// The port it listens on.
    public let port: Int
    /// The running group; a test may trigger its shutdown itself.
    public let services: ServiceGroup
    /// The task running the group; a test may cancel a server that does not stop.
    public let task: Task<Void, any Error>

    /// `http://127.0.0.1:<port>`: an IP, never a name, so no DNS query leaves the machine.
    public var url: String { "http://127.0.0.1:\(port)" }

    // MARK: Starting and stopping

    /// Starts the application `makeApplication` builds with a logger and the callback it must
    /// call with its port once it listens; returns once it listens.
    public static func start<App: Service>(
        label: String, logLevel: Logger.Level = .critical,
        _ makeApplication: (Logger, @escaping @Sendable (Int) async -> Void) -> App
    ) async throws -> LoopbackServer {
        var logger = Logger(label: label)
        logger.logLevel = logLevel
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = makeApplication(logger) { port in continuation.yield(port) }
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        // An application that cannot bind ends the stream, so the wait below ends too.
        let task = Task {
            defer { continuation.finish() }
            try await services.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            await services.triggerGracefulShutdown()
            let result = await task.result
            if case .failure(let error) = result { throw error }
            throw LoopbackServerError.noPort
        }
        return LoopbackServer(port: port, services: services, task: task)
    }

    /// Starts an application around `router` on `port` (0: one the system picks).
    public static func start<Builder: HTTPResponderBuilder>(
        router: Builder, port: Int = 0, label: String, logLevel: Logger.Level = .critical
    ) async throws -> LoopbackServer where Builder.Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        try await start(label: label, logLevel: logLevel) { logger, onPort in
            Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
                onServerRunning: { channel in await onPort(channel.localAddress?.port ?? 0) }, logger: logger
            )
        }
    }

    /// Starts a server that answers every request with `answer`.
    public static func start(
        label: String, logLevel: Logger.Level = .critical, bodyLimit: Int = 8 << 20,
        answering answer: @escaping @Sendable (LoopbackRequest) async throws -> LoopbackResponse
    ) async throws -> LoopbackServer {
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await answer(try await LoopbackRequest(request, bodyLimit: bodyLimit)).response
        }
        return try await start(label: label, logLevel: logLevel) { logger, onPort in
            Application(
                responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { channel in await onPort(channel.localAddress?.port ?? 0) }, logger: logger
            )
        }
    }

    /// Shuts the server down gracefully and waits until it has.
    public func stop() async {
        await services.triggerGracefulShutdown()
        _ = await task.result
    }

    // MARK: Running for a body

    /// Runs `body` against a started server, then stops it, whether `body` threw or not.
    public func serve<T>(_ body: (LoopbackServer) async throws -> T) async throws -> T {
        do {
            let result = try await body(self)
            await stop()
            return result
        } catch {
            await stop()
            throw error
        }
    }

    /// Starts an application around `router` (see ``start(router:port:label:logLevel:)``),
    /// runs `body` with it and always stops it.
    public static func run<Builder: HTTPResponderBuilder, T>(
        router: Builder, port: Int = 0, label: String, logLevel: Logger.Level = .critical,
        _ body: (LoopbackServer) async throws -> T
    ) async throws -> T where Builder.Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        try await start(router: router, port: port, label: label, logLevel: logLevel).serve(body)
    }

    /// Starts a server answering with `answer` (see ``start(label:logLevel:bodyLimit:answering:)``),
    /// runs `body` with it and always stops it.
    public static func run<T>(
        label: String, logLevel: Logger.Level = .critical, bodyLimit: Int = 8 << 20,
        answering answer: @escaping @Sendable (LoopbackRequest) async throws -> LoopbackResponse,
        _ body: (LoopbackServer) async throws -> T
    ) async throws -> T {
        try await start(label: label, logLevel: logLevel, bodyLimit: bodyLimit, answering: answer).serve(body)
    }

    /// Starts the application `makeApplication` builds (see ``start(label:logLevel:_:)``),
    /// runs `body` with it and always stops it.
    public static func run<App: Service, T>(
        label: String, logLevel: Logger.Level = .critical,
        _ makeApplication: (Logger, @escaping @Sendable (Int) async -> Void) -> App,
        _ body: (LoopbackServer) async throws -> T
    ) async throws -> T {
        try await start(label: label, logLevel: logLevel, makeApplication).serve(body)
    }
}

/// The loopback server did not come up.
public enum LoopbackServerError: Error {
    /// It stopped without reporting a port.
    case noPort
}
