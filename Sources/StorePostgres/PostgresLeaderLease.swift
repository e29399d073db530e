import Foundation
import Logging
import PostgresNIO
import Store
import Synchronization

/// The leader lease among servers sharing one PostgreSQL database: a session advisory lock
/// held on a connection of its own.
///
/// PostgreSQL releases the lock when the holder's session ends (a crash or `kill -9` closes
/// its socket), so another server, trying every `retryInterval`, takes over within about
/// that long. The holder checks its session every `checkInterval` and stops trusting the
/// lease when a check has not succeeded within `trustWindow`: a holder cut off from the
/// database stops acting as leader before it could learn that it lost the lock.
public final class PostgresLeaderLease: ClusterLeadership {
    /// Arbitrary, fixed: the advisory lock key of the leader lease.
    static let lockKey: Int64 = 0x4D6F_6269_6C65_4C64

    private let location: PostgresLocation
    private let logger: Logger
    private let retryInterval: Duration
    private let checkInterval: Duration
    private let trustWindow: Duration
    /// Until when this server may act as leader; nil while it is not.
    private let trustedUntil = Mutex<ContinuousClock.Instant?>(nil)

    /// A lease on `location`'s database; by default tried every second and checked every second.
    public init(location: PostgresLocation, logger: Logger, retryInterval: Duration = .seconds(1), checkInterval: Duration = .seconds(1), trustWindow: Duration = .seconds(3)) {
        self.location = location
        self.logger = logger
        self.retryInterval = retryInterval
        self.checkInterval = checkInterval
        self.trustWindow = trustWindow
    }

    /// True while the lock is held and was confirmed within the trust window. The lease is
    /// about wall time passing between this process and PostgreSQL, not about the business
    /// clock, so it reads the continuous clock.
    public var isLeader: Bool {
        trustedUntil.withLock { until in until.map { ContinuousClock.now < $0 } ?? false }
    }

    /// Tries for the lock, holds it while the session lives, and tries again after a loss.
    public func run() async {
        while !Task.isCancelled {
            do {
                let connection = try await within(checkInterval + trustWindow) { [location, logger] in
                    try await PostgresConnection.connect(configuration: try Self.configuration(location), id: 3, logger: logger)
                }
                do {
                    try await hold(on: connection)
                } catch {
                    if !Task.isCancelled { logger.warning("leader lease lost", metadata: ["error": "\(StoreError.postgresReason(error))"]) }
                }
                trustedUntil.withLock { $0 = nil }
                // Not awaited: closing a connection to a server that went away may hang too.
                Task { try? await connection.close() }
            } catch {
                if Task.isCancelled { return }
                logger.warning("cannot reach PostgreSQL for the leader lease; retrying", metadata: ["error": "\(StoreError.postgresReason(error))"])
            }
            try? await Task.sleep(for: retryInterval)
        }
    }

    /// The lease's own connection settings: `location`'s, with TCP keepalives on its session.
    ///
    /// A leader whose machine vanishes never closes its connection, and PostgreSQL keeps the
    /// session (and the lock) until TCP gives up: by default after hours. Keepalives on this
    /// session alone make PostgreSQL drop it after about 5 + 3 × 2 = 11 s of silence, within the
    /// 15 s a standby may wait. Sent at connection start-up, they cost no statement; a Unix
    /// socket, which cannot vanish, ignores them.
    static func configuration(_ location: PostgresLocation) throws -> PostgresConnection.Configuration {
        var configuration = try location.connectionConfiguration()
        configuration.options.additionalStartupParameters += [
            ("tcp_keepalives_idle", "5"), ("tcp_keepalives_interval", "2"), ("tcp_keepalives_count", "3"),
        ]
        return configuration
    }

    /// Tries for the lock until it is held, then confirms the session until a check fails or
    /// does not answer within the trust window.
    private func hold(on connection: PostgresConnection) async throws {
        let logger = self.logger
        while !Task.isCancelled {
            let started = ContinuousClock.now
            let held = try await within(trustWindow) {
                try await connection.value("SELECT pg_try_advisory_lock(\(Self.lockKey))", as: Bool.self, logger: logger) ?? false
            }
            if held {
                logger.notice("this server is the leader: it runs the once-per-cluster work")
                trustedUntil.withLock { $0 = started + trustWindow }
                while !Task.isCancelled {
                    try await Task.sleep(for: checkInterval)
                    let checked = ContinuousClock.now
                    _ = try await within(trustWindow) { try await connection.value("SELECT 1", as: Int32.self, logger: logger) }
                    trustedUntil.withLock { $0 = checked + trustWindow }
                }
                return
            }
            try await Task.sleep(for: retryInterval)
        }
    }
}
