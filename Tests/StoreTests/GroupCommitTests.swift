import Foundation
import Synchronization
import Testing
@testable import Store

/// The group commit under the webhook intake: concurrent items share batches, each
/// submitter gets its own result, and a failure reaches only its own submitter.
@Suite("Group commit")
struct GroupCommitTests {
    /// Records the batches a writer was given.
    final class Batches: Sendable {
        let sizes = Mutex<[Int]>([])
    }

    @Test("200 concurrent items are written in fewer, larger batches, each answered with its own result")
    func concurrentItemsShareBatches() async throws {
        let batches = Batches()
        let commit = GroupCommit<Int, Int>(label: "test", maximumBatch: 64) { items in
            batches.sizes.withLock { $0.append(items.count) }
            // A slow commit, so that items pile up behind it.
            try? await Task.sleep(for: .milliseconds(2))
            return items.map { $0 % 10 == 7 ? .failure(StoreError.conflict("item \($0)")) : .success($0 * 2) }
        }
        let results = await withTaskGroup(of: (Int, Result<Int, any Error>).self) { group in
            for item in 0..<200 {
                group.addTask {
                    do { return (item, .success(try await commit.submit(item))) } catch { return (item, .failure(error)) }
                }
            }
            var results: [Int: Result<Int, any Error>] = [:]
            for await (item, result) in group { results[item] = result }
            return results
        }
        #expect(results.count == 200)
        for (item, result) in results {
            if item % 10 == 7 {
                #expect((try? result.get()) == nil, "item \(item) fails alone")
            } else {
                #expect((try? result.get()) == item * 2)
            }
        }
        let sizes = batches.sizes.withLock { $0 }
        #expect(sizes.reduce(0, +) == 200, "every item written exactly once")
        #expect(sizes.allSatisfy { $0 <= 64 })
        #expect(sizes.count < 200, "items that arrived during a write joined the next batch: \(sizes)")
    }

    @Test("a writer that answers too few results fails the rest instead of leaving them waiting")
    func missingResults() async throws {
        let commit = GroupCommit<Int, Int>(label: "short") { items in items.dropLast().map { .success($0) } }
        await #expect(throws: StoreError.self) { try await commit.submit(1) }
    }
}
