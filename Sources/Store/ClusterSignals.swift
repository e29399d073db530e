/// What one server tells the others sharing its database: something changed that they hold
/// in memory or wait on. Signals carry no data (a listener re-reads the store), so a lost or
/// doubled one costs a re-read, never a wrong answer.
public enum ClusterSignal: String, Sendable, CaseIterable {
    /// A job became runnable, or one was canceled: parked long polls should look again.
    case jobsChanged = "jobs"
    /// A token was revoked: verified-token caches must forget what they hold.
    case tokensChanged = "tokens"
    /// A repository was added, changed or removed: repository snapshots must be re-read.
    case repositoriesChanged = "repositories"
    /// A job's log grew or a job ended: followers of job logs should read again.
    case logsChanged = "logs"
    /// The listener may have missed signals (its connection dropped and came back): treat it
    /// as every signal at once.
    case missedSome = "resync"
}

/// The channel servers sharing one database signal each other on.
///
/// A single server on SQLite has nobody to tell (``SingleServerSignals``); servers sharing
/// PostgreSQL use its `LISTEN`/`NOTIFY`.
public protocol ClusterSignals: Sendable {
    /// Tells the other servers, after the change is committed. Never blocks and never fails
    /// the caller: a signal that cannot be sent is logged, and the listeners' slow poll catches up.
    func publish(_ signal: ClusterSignal)
    /// Signals from the other servers (never this one's own), for as long as the caller iterates.
    func signals() -> AsyncStream<ClusterSignal>
    /// Keeps the channel open (reconnecting after a loss) until the task is cancelled.
    func run() async
}

/// One server alone: nothing to send, nothing to hear.
public struct SingleServerSignals: ClusterSignals {
    /// Creates the silent channel.
    public init() {}

    /// Nobody to tell.
    public func publish(_ signal: ClusterSignal) {}

    /// A stream that never yields; it ends when the iterating task is cancelled.
    public func signals() -> AsyncStream<ClusterSignal> {
        AsyncStream { _ in }
    }

    /// Waits for cancellation.
    public func run() async {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
    }
}
