import Foundation
import Testing

/// CI must prove every store behaviour on both backends: a run with `CI` set and no test
/// PostgreSQL would otherwise pass having tested SQLite alone.
@Suite("Store backends under test")
struct StoreBackendTests {
    @Test("under CI, the PostgreSQL backend is among those tested")
    func postgresUnderCI() {
        guard ProcessInfo.processInfo.environment["CI"] == "true" else { return }
        #expect(StoreBackend.available.contains(.postgres), "CI=true but MOBILE_OPS_TEST_POSTGRES_URL is unset: make test starts a PostgreSQL server and sets it")
    }
}
