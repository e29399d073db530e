import ServiceLifecycle
import Store

/// Closes the store once the server has stopped answering requests.
///
/// It is the first of the background services, and a service group stops its services in
/// reverse order on graceful shutdown, so the HTTP server and every other service have
/// finished (requests answered, the outbox's last sends recorded) before the PostgreSQL pool
/// goes away.
struct StoreCloser: Service {
    /// The store to close.
    let database: any StoreAvailability

    /// Waits for graceful shutdown, then closes the store.
    func run() async throws {
        // Cancellation (a service failed) ends the wait with an error; close all the same.
        try? await gracefulShutdown()
        await database.close()
    }
}
