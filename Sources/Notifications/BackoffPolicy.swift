import MemberwiseInit

// MARK: - BackoffPolicy

/// How long to wait before retrying a failed delivery: exponential, capped, with jitter.
///
/// Attempt 1 failing waits about `initial`, attempt 2 about `2 × initial`, and so on up to
/// `maximum`. Jitter spreads retries of many messages that failed together (a provider
/// outage) so they do not all hit the provider again in the same second.
@MemberwiseInit(.public)
public struct BackoffPolicy: Sendable, Equatable {
    /// The wait after the first failed attempt.
    public var initial: Duration = .seconds(2)
    /// The longest wait, however many attempts failed.
    public var maximum: Duration = .seconds(600)
    /// The fraction of each wait that is random: 0 for none, 0.2 to wait 80–100 % of it.
    public var jitter: Double = 0.2
    /// The longest `Retry-After` honoured; a receiver asking for more is retried after this.
    public var maximumRetryAfter: Duration = .seconds(3600)

    // MARK: Delays

    /// The wait after `attempt` (1-based) failed, before jitter.
    public func baseDelay(afterAttempt attempt: Int) -> Duration {
        let initialSeconds = max(0, Self.seconds(initial))
        let maximumSeconds = max(initialSeconds, Self.seconds(maximum))
        // Capping the exponent first keeps 2^n finite for absurd attempt counts.
        let exponent = Double(min(max(attempt, 1) - 1, 60))
        return Self.duration(min(initialSeconds * Double.pow2(exponent), maximumSeconds))
    }

    /// The wait after `attempt` failed: the base delay with jitter, never shorter than what
    /// the receiver asked for through `retryAfter` (itself capped at `maximumRetryAfter`).
    public func delay(
        afterAttempt attempt: Int, retryAfter: Duration? = nil,
        random: (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) -> Duration {
        let base = Self.seconds(baseDelay(afterAttempt: attempt))
        let fraction = min(max(jitter, 0), 1)
        var seconds = fraction > 0 ? base * random((1 - fraction)...1) : base
        if let retryAfter {
            seconds = max(seconds, min(Self.seconds(retryAfter), Self.seconds(maximumRetryAfter)))
        }
        return Self.duration(seconds)
    }

    // MARK: Conversions

    /// A duration in fractional seconds.
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// Fractional seconds as a duration, at millisecond precision (the store's).
    static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((max(0, seconds) * 1000).rounded()))
    }
}

// MARK: - Helpers

extension Double {
    /// 2 raised to `exponent`, without Foundation's `pow`.
    fileprivate static func pow2(_ exponent: Double) -> Double {
        Double(sign: .plus, exponent: Int(exponent), significand: 1)
    }
}
