// MARK: - Backoff

/// Exponential backoff with jitter: each failure doubles the delay up to a cap, and each
/// delay is drawn from its upper half so many agents restarting together spread out.
///
/// A value type owned by one loop; ``reset()`` after a success.
public struct Backoff: Sendable {
    /// The delay after the first failure.
    public let initial: Duration
    /// The longest delay.
    public let maximum: Duration
    /// Failures since the last reset.
    public private(set) var failures = 0

    /// Creates a backoff between `initial` and `maximum`.
    public init(initial: Duration, maximum: Duration) {
        self.initial = initial
        self.maximum = max(initial, maximum)
    }

    /// The next delay (counting one more failure): `initial·2ⁿ`, capped, times a random 0.5…1.
    public mutating func nextDelay() -> Duration {
        let exponent = min(self.failures, 30)
        self.failures += 1
        let initialSeconds = Self.seconds(self.initial)
        let ceiling = min(initialSeconds * Double(1 << exponent), Self.seconds(self.maximum))
        let jittered = ceiling * Double.random(in: 0.5...1.0)
        // Clamped so an absurd maximum cannot overflow the conversion to an integer.
        let milliseconds = min(max((jittered * 1000).rounded(), 1), 1e12)
        return .milliseconds(Int64(milliseconds))
    }

    /// Sleeps for the next delay; returns early (without throwing) if the task is cancelled.
    public mutating func wait() async {
        let delay = self.nextDelay()
        try? await Task.sleep(for: delay)
    }

    /// Forgets past failures after a success.
    public mutating func reset() {
        self.failures = 0
    }

    /// A duration in floating-point seconds.
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
