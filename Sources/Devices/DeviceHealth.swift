import Core
import Foundation

/// What the server remembers of one device between builds: its failures in a row that were
/// the device's fault, and whether it is quarantined (no batches until it is re-admitted).
public struct DeviceHealth: Codable, Sendable, Equatable {
    /// The device.
    public var device: DeviceKey
    /// The device's failures since its last good batch.
    public var failuresInARow: Int
    /// Why it is quarantined; nil when it is not.
    public var quarantineReason: String?
    /// When it was quarantined.
    public var quarantinedAt: Date?
    /// Its recent failures, newest first (at most ``recentLimit``).
    public var recentFailures: [DeviceFailure]

    /// The most failures kept.
    public static let recentLimit = 10

    /// A device with no failures.
    public init(device: DeviceKey) {
        self.device = device
        self.failuresInARow = 0
        self.quarantineReason = nil
        self.quarantinedAt = nil
        self.recentFailures = []
    }

    /// Whether batches are withheld from it.
    public var isQuarantined: Bool { quarantineReason != nil }

    /// Notes a batch the device failed; after `quarantineAfter` in a row it is quarantined.
    public mutating func recordFailure(_ reason: String, quarantineAfter: Int, now: Date) {
        failuresInARow += 1
        recentFailures.insert(DeviceFailure(occurredAt: now, reason: reason), at: 0)
        if recentFailures.count > Self.recentLimit { recentFailures.removeLast(recentFailures.count - Self.recentLimit) }
        if !isQuarantined, failuresInARow >= max(quarantineAfter, 1) {
            quarantineReason = "\(failuresInARow) failures in a row, the last: \(reason)"
            quarantinedAt = now
        }
    }

    /// Notes a batch the device ran to its end: its failures in a row start again.
    public mutating func recordSuccess() {
        failuresInARow = 0
    }

    /// Lets it take batches again (after a reset, or by a person).
    public mutating func readmit() {
        failuresInARow = 0
        quarantineReason = nil
        quarantinedAt = nil
    }
}
