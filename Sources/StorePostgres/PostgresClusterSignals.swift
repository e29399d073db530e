import Foundation
import Logging
import PostgresNIO
import Store
import Synchronization

/// Signals between servers sharing one PostgreSQL database, over `LISTEN`/`NOTIFY` on the
/// `mobile_ops` channel.
///
/// A payload is the signal's name and the sending server's id (a few bytes: PostgreSQL caps
/// payloads at 8,000), so a server skips its own. Listening needs a connection of its own,
/// outside the pool; postgres-nio does not reconnect it, so ``run()`` does, with backoff, and
/// tells the listeners `missedSome` after every reconnection: whatever was sent while it was
/// away is lost. Sending goes through the pool, after the change committed; while a signal of
/// one kind is being sent, more of that kind collapse into one more send after it.
public final class PostgresClusterSignals: ClusterSignals {
    /// The channel every MobileOps server listens on.
    static let channel = "mobile_ops"

    private let database: PostgresAppDatabase
    private let location: PostgresLocation
    private let logger: Logger
    /// Tells this server's own notifications apart.
    let serverID = UUID().uuidString.lowercased()
    private let listeners = Mutex<[UUID: AsyncStream<ClusterSignal>.Continuation]>([:])
    /// Per signal: a send is under way, and whether another was asked for meanwhile.
    private let sending = Mutex<[ClusterSignal: Bool]>([:])

    /// Signals over `database`'s server; listening connects to `location` on its own.
    public init(database: PostgresAppDatabase, logger: Logger) {
        self.database = database
        self.location = database.location
        self.logger = logger
    }

    // MARK: Sending

    /// Sends `signal` to the other servers, collapsing a burst into at most two sends.
    public func publish(_ signal: ClusterSignal) {
        let startsSender = sending.withLock { sending -> Bool in
            guard sending[signal] == nil else {
                sending[signal] = true
                return false
            }
            sending[signal] = false
            return true
        }
        guard startsSender else { return }
        Task { await self.send(signal) }
    }

    /// Sends until no further request for `signal` arrived during the last send.
    private func send(_ signal: ClusterSignal) async {
        while true {
            let payload = "\(signal.rawValue) \(serverID)"
            do {
                // Outside a transaction NOTIFY is sent at once; `read`'s is read-only and refuses it.
                try await database.readStatement { connection in
                    try await connection.run("SELECT pg_notify(\(Self.channel), \(payload))", logger: self.logger)
                }
            } catch {
                logger.warning("could not signal the other servers; their slow poll will catch up", metadata: ["signal": "\(signal.rawValue)", "error": "\(error)"])
            }
            let again = sending.withLock { sending -> Bool in
                if sending[signal] == true {
                    sending[signal] = false
                    return true
                }
                sending[signal] = nil
                return false
            }
            guard again else { return }
        }
    }

    // MARK: Listening

    /// A stream of the other servers' signals; it ends when the caller stops iterating.
    public func signals() -> AsyncStream<ClusterSignal> {
        let (stream, continuation) = AsyncStream.makeStream(of: ClusterSignal.self, bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.listeners.withLock { _ = $0.removeValue(forKey: id) } }
        return stream
    }

    /// Listens until cancelled, reconnecting after a loss (0.5 s, doubling up to 10 s).
    public func run() async {
        var delay = Duration.milliseconds(500)
        var connectedBefore = false
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 2, logger: logger)
                do {
                    try await connection.listen(on: Self.channel) { notifications in
                        delay = .milliseconds(500)
                        if connectedBefore { broadcast(.missedSome) }
                        connectedBefore = true
                        for try await notification in notifications { receive(notification.payload) }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if Task.isCancelled { return }
                logger.warning("lost the signal channel to the other servers; reconnecting", metadata: ["error": "\(StoreError.postgresReason(error))", "retry": "\(delay)"])
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(10))
        }
    }

    /// Hands another server's signal to the listeners; drops this server's own and unknown ones.
    private func receive(_ payload: String) {
        let parts = payload.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[1] != serverID, let signal = ClusterSignal(rawValue: parts[0]) else { return }
        broadcast(signal)
    }

    private func broadcast(_ signal: ClusterSignal) {
        for listener in listeners.withLock({ Array($0.values) }) { listener.yield(signal) }
    }
}
