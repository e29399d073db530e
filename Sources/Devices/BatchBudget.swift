/// How many expected seconds of tests one batch holds: a share of what is left, so batches
/// are long while much waits (fewer installs and runner starts) and short near the end
/// (devices finish together), within fixed bounds.
///
/// Each batch gets `remaining ÷ (devices × 2)`, kept between ``minimumSeconds`` and
/// ``maximumSeconds`` (guided self-scheduling, halved).
public struct BatchBudget: Sendable, Equatable {
    /// The smallest budget: below it a batch's fixed costs (install, runner start) dominate.
    public var minimumSeconds: Double
    /// The largest budget: what a device that dies mid-batch can cost at most.
    public var maximumSeconds: Double

    /// Creates the bounds; the maximum is at least the minimum, and both are positive.
    public init(minimumSeconds: Double = 30, maximumSeconds: Double = 600) {
        self.minimumSeconds = max(minimumSeconds, 1)
        self.maximumSeconds = max(maximumSeconds, self.minimumSeconds)
    }

    /// The budget of the next batch when `remainingSeconds` of tests wait for `devices` devices.
    public func seconds(remainingSeconds: Double, devices: Int) -> Double {
        let share = remainingSeconds / Double(max(devices, 1) * 2)
        return min(max(share, minimumSeconds), maximumSeconds)
    }
}
