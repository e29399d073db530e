import Foundation
import Synchronization
import Testing

// MARK: - Fixtures

/// The text of a fixture under `Fixtures/`.
func fixture(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
    return try String(contentsOf: url, encoding: .utf8)
}

// MARK: - Time

/// An instant from an ISO 8601 UTC string such as `2025-03-25T09:00:00Z`.
func instant(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text), "bad test date \(text)")
}

/// A controllable clock for token lifetimes.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) {
        current = Mutex(start)
    }

    var now: Date {
        current.withLock { $0 }
    }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
