import ReleaseDriver
import Synchronization
import Testing

/// Operations on one release never interleave; operations on different releases do not wait
/// for each other.
@Suite("One release's operations, one at a time")
struct ReleaseSerializerTests {
    /// What ran, in order, with how many operations on the same release were inside at once.
    final class Trace: Sendable {
        let entries = Mutex<[String]>([])
        let inside = Mutex<[Int64: Int]>([:])
        let mostInside = Mutex(0)

        func enter(_ id: Int64, _ label: String) {
            entries.withLock { $0.append("\(label)>") }
            let count = inside.withLock { $0[id, default: 0] += 1; return $0[id, default: 0] }
            mostInside.withLock { $0 = max($0, count) }
        }

        func leave(_ id: Int64, _ label: String) {
            inside.withLock { $0[id, default: 0] -= 1 }
            entries.withLock { $0.append("<\(label)") }
        }
    }

    @Test("50 concurrent operations on one release run one at a time, and a failing one lets the next run")
    func oneAtATime() async throws {
        let serializer = ReleaseSerializer()
        let trace = Trace()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    do {
                        try await serializer.run(7) {
                            trace.enter(7, "\(index)")
                            // A suspension inside the operation: the next one must still wait.
                            try await Task.sleep(for: .milliseconds(1))
                            trace.leave(7, "\(index)")
                            if index % 10 == 3 { throw CancellationError() }
                        }
                    } catch is CancellationError {}
                }
            }
            try await group.waitForAll()
        }
        #expect(trace.mostInside.withLock { $0 } == 1)
        #expect(trace.entries.withLock { $0.count } == 100)
    }

    @Test("an operation on another release runs while the first one waits")
    func otherReleasesDoNotWait() async throws {
        let serializer = ReleaseSerializer()
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        async let first: Void = serializer.run(1) {
            // Holds release 1 until release 2's operation has run.
            for await _ in stream { return }
        }
        let second = try await serializer.run(2) { "release 2 ran" }
        continuation.yield()
        continuation.finish()
        try await first
        #expect(second == "release 2 ran")
    }
}
