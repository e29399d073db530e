import ServiceLifecycle
import Synchronization

/// The server's services that are running now, by name: what a shutdown that does not finish
/// reports (``ShutdownDeadline``).
///
/// A service group says nothing of which of its services it still waits for, so each service
/// is wrapped (``watching(_:as:)``) to note when its `run()` starts and returns.
final class ServiceRoster: Sendable {
    /// Running services by their position in the order they were wrapped.
    private let running = Mutex<[Int: String]>([:])
    private let wrapped = Atomic<Int>(0)

    /// `service`, noting here while its `run()` runs; `name` defaults to its type's name (a
    /// leader-only service is named after the service it runs).
    func watching(_ service: any Service, as name: String? = nil) -> any Service {
        let position = wrapped.add(1, ordering: .relaxed).newValue
        return Watched(service: service, name: name ?? Self.name(of: service), position: position, roster: self)
    }

    /// The names of the services whose `run()` has started and not returned, in wrapping order.
    var names: [String] {
        running.withLock { running in running.sorted { $0.key < $1.key }.map(\.value) }
    }

    private static func name(of service: any Service) -> String {
        if let leaderOnly = service as? LeaderOnlyService { return "\(name(of: leaderOnly.service)) (leader only)" }
        return String(describing: type(of: service))
    }

    /// A service that tells the roster when it runs.
    private struct Watched: Service {
        let service: any Service
        let name: String
        let position: Int
        let roster: ServiceRoster

        func run() async throws {
            roster.running.withLock { $0[position] = name }
            defer { roster.running.withLock { _ = $0.removeValue(forKey: position) } }
            try await service.run()
        }
    }
}
