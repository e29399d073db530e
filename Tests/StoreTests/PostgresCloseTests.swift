import Foundation
import PostgresNIO
import PostgresSupport
import Testing
@testable import Store

/// Closing the PostgreSQL store while something still holds a pooled connection: a server
/// that is shutting down must exit, whatever a stuck statement does.
@Suite(
    "PostgreSQL close", .timeLimit(.minutes(1)),
    .enabled(if: StoreBackend.postgresURL != nil, "needs MOBILE_OPS_TEST_POSTGRES_URL (make test sets it)")
)
struct PostgresCloseTests {
    @Test("close returns after its bound while a leased connection is never given back")
    func closeWithALeaseHeld() async throws {
        let scratch = try await PostgresScratchDatabase.create()
        let database = try await PostgresAppDatabase.open(url: scratch.url)
        // A holder that keeps its connection until told to let go, as a statement stuck on a
        // connection whose server went away does.
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        let (leased, leasedSignal) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await database.client.withConnection { _ in
                leasedSignal.yield()
                for await _ in release {}
            }
        }
        for await _ in leased { break }

        let closing = ContinuousClock.now
        await database.close(waitingAtMost: .seconds(1))
        // Without the bound, close waits for the holder forever and the time limit fails the test.
        #expect(ContinuousClock.now - closing < .seconds(30))

        releaser.finish()
        _ = await holder.result
        try await scratch.drop()
    }
}
