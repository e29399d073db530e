// MARK: - Time limits

/// Thrown when a bounded wait runs out; a hang guard, not a speed check.
public struct TimeLimitExceeded: Error, CustomStringConvertible {
    /// What was waited for.
    public let what: String

    /// A wait for `what` that ran out.
    public init(what: String) {
        self.what = what
    }

    public var description: String { "timed out waiting for \(what)" }
}

/// Runs `body`, failing with ``TimeLimitExceeded`` (and cancelling it) if it is still running
/// after `limit`.
public func withTimeLimit<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw TimeLimitExceeded(what: "the test body (\(limit))")
        }
        return value
    }
}
