import HTTPClient
import Testing

// MARK: - Gate

/// Holds server handlers until opened, counting arrivals, so a test can prove that many
/// requests were in flight at the same time.
actor Gate {
    private var arrivals = 0
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Called by a handler: counts it, then waits for `open()`.
    func arrive() async {
        self.arrivals += 1
        guard !self.isOpen else { return }
        await withCheckedContinuation { self.waiters.append($0) }
    }

    /// How many handlers have arrived so far.
    var arrivedCount: Int { self.arrivals }

    /// Releases every parked handler and lets later ones through.
    func open() {
        self.isOpen = true
        let waiters = self.waiters
        self.waiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Waits (cancellably, by polling) until at least `count` handlers have arrived.
    func waitForArrivals(_ count: Int) async throws {
        while self.arrivals < count {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

// MARK: - Expectations

/// Runs `body` expecting an ``HTTPClientError``, and returns it (or `nil` if none was thrown).
func captureError(_ body: () async throws(HTTPClientError) -> HTTPClient.Response) async -> HTTPClientError? {
    do {
        let response = try await body()
        Issue.record("expected an error, got status \(response.status)")
        return nil
    } catch {
        return error
    }
}
