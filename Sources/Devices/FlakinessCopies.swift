import Foundation

/// How many copies of a test to run up front so that at least one passes with the wanted
/// probability: Marathon's probability strategy. A test that passes with probability `p`
/// and runs `n` times independently passes at least once with `1 − (1 − p)^n`; the copies are
/// the smallest `n` reaching the target, never more than the cap.
public struct FlakinessCopies: Sendable, Equatable {
    /// The wanted probability that at least one copy passes, e.g. `0.99`.
    public var target: Double
    /// The most copies of one test, e.g. `3`.
    public var maximum: Int

    /// Creates the rule; the target is kept within 0…1 and the cap at least 1.
    public init(target: Double, maximum: Int) {
        self.target = min(max(target, 0), 1)
        self.maximum = max(maximum, 1)
    }

    /// Float slack: `1 − 0.2²` is `0.9599999…` in binary and must still reach `0.96`.
    private static let tolerance = 1e-9

    /// The copies for a test that passed `passRate` of its runs; one when there is no history
    /// (nothing says it is flaky) or it already reaches the target, the cap when it never passed.
    public func copies(passRate: Double?) -> Int {
        guard let passRate, passRate.isFinite else { return 1 }
        let p = min(max(passRate, 0), 1)
        guard p < target else { return 1 }
        guard p > 0 else { return maximum }
        var copies = 1
        while copies < maximum, 1 - pow(1 - p, Double(copies)) < target - Self.tolerance {
            copies += 1
        }
        return copies
    }
}
