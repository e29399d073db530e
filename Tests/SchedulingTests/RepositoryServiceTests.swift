import Core
import Foundation
@testable import Scheduling
import Store
import StoreSQLite
import TestSupport
import Testing

@Suite("Repository lookups from the service's snapshot")
struct RepositoryServiceTests {
    @Test("finds each repository by id, nil below and above the ids, and sees a new one")
    func lookupByID() async throws {
        let directory = try TemporaryDirectory("repos")
        defer { directory.remove() }
        let clock = SystemClock(offset: DateShift.whole)
        let service = RepositoryService(store: try AppDatabase.open(path: directory.path("db.sqlite"), clock: clock), clock: clock)

        var created: [Repository] = []
        for name in ["acme/ios-app", "acme/android-app", "acme/shared-kit"] {
            created.append(try await service.create(RepositoryDraft(name: name, provider: "github", cloneURL: "https://example.com/\(name).git"), actor: "tester").repository)
        }
        for repository in created {
            await #expect(try service.repository(id: repository.id) == repository)
            await #expect(try service.existingRepository(id: repository.id) == repository)
        }
        let ids = created.map(\.id)
        for missing in [0, (ids.max() ?? 0) + 1, -5] {
            await #expect(try service.repository(id: missing) == nil)
            await #expect(throws: StoreError.self) { try await service.existingRepository(id: missing) }
        }

        // The cached snapshot is replaced by the next write, so a repository created after a
        // lookup is found at once.
        let later = try await service.create(RepositoryDraft(name: "acme/watch-app", provider: "gitlab", cloneURL: "https://example.com/w.git"), actor: "tester").repository
        await #expect(try service.repository(id: later.id) == later)
    }
}
