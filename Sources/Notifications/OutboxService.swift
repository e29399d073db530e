import MemberwiseInit
import ServiceLifecycle

/// Runs the outbox delivery loop beside the HTTP server: graceful shutdown lets the
/// delivery in flight finish, then stops.
@MemberwiseInit(.public)
public struct OutboxService: Service {
    /// The delivery loop.
    public let delivery: OutboxDeliveryService

    /// Delivers until graceful shutdown.
    public func run() async throws {
        await withGracefulShutdownHandler {
            await delivery.run()
        } onGracefulShutdown: {
            delivery.stop()
        }
    }
}
