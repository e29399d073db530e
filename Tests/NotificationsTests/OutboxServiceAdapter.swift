import Logging
import Notifications
import ServiceLifecycle

// MARK: - OutboxServiceAdapter

/// Runs an ``OutboxDeliveryService`` as a swift-service-lifecycle `Service`: graceful
/// shutdown asks it to stop after the delivery in flight. This is how the server's
/// composition root is meant to wire it (the Notifications target itself does not depend on
/// ServiceLifecycle).
struct OutboxServiceAdapter: Service {
    let service: OutboxDeliveryService

    func run() async throws {
        await withGracefulShutdownHandler {
            await service.run()
        } onGracefulShutdown: {
            service.stop()
        }
    }
}

/// Runs `service` in a `ServiceGroup` while `body` runs, then shuts the group down
/// gracefully and waits for it, so a test proves the service stops when asked.
func withRunningService<T: Sendable>(
    _ service: OutboxDeliveryService, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let group = ServiceGroup(configuration: .init(services: [OutboxServiceAdapter(service: service)], logger: testLogger()))
    let task = Task { try await group.run() }
    do {
        let result = try await body()
        await group.triggerGracefulShutdown()
        try await task.value
        return result
    } catch {
        await group.triggerGracefulShutdown()
        _ = await task.result
        throw error
    }
}
