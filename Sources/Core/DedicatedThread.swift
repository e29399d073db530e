import Foundation

/// Runs CPU-bound work on a thread of its own, so that it never holds one of the few threads of
/// Swift's cooperative pool (two on a two-core machine), which every request and background
/// service shares: reading a 32 MiB report takes seconds, and meanwhile `/healthz` and the
/// agents' long polls must still be answered.
///
/// One thread per call: the callers are requests that already passed authentication and hold
/// their body in memory, or the opening of a store, so their number is bounded.
public enum DedicatedThread {
    /// `work`'s result, computed on a new thread.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.start()
        }
    }
}
