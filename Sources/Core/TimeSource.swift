import Foundation

/// Where a service reads the time and waits: the one clock every time-based decision uses.
///
/// Scheduled builds, release cadences, leases, regression windows, retention, outbox backoff
/// and token expiry all read `now` from the clock the composition root registered, never
/// from `Date()`, so a test can run them at any date it chooses and advance time by hand.
/// Waiting goes through the same clock, so a loop driven by a ``ManualClock`` runs exactly
/// when the test advances it.
public protocol TimeSource: Sendable {
    /// The current instant.
    var now: Date { get }

    /// Suspends the caller until `duration` has passed on this clock.
    /// - Throws: `CancellationError` when the task is canceled first.
    func sleep(for duration: Duration) async throws
}

/// The machine's clock, optionally moved by a fixed offset.
///
/// Production registers `SystemClock()`. The offset lets a test run real-time behaviour
/// (leases, backoff, long polls) at another date: a year ahead or behind.
public struct SystemClock: TimeSource {
    /// Seconds added to the machine's time.
    public let offset: TimeInterval

    /// The machine's clock moved by `offset` seconds.
    public init(offset: TimeInterval = 0) {
        self.offset = offset
    }

    /// The machine's time plus the offset.
    public var now: Date { Date().addingTimeInterval(offset) }

    /// Sleeps on the task clock; an offset does not change how long a wait lasts.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval` arithmetic on `Date` wants it.
    public var timeInterval: TimeInterval {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
