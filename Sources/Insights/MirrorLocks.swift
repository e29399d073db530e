import Foundation

/// One analysis at a time on each git mirror: two fetches (or a fetch and a first clone) of
/// the same mirror would trip over each other's ref locks and partial folders. Analyses of
/// different repositories run side by side.
///
/// Analyses run on threads of their own (``AnalysisRunner``), never on Swift's cooperative
/// pool, so waiting here blocks nothing else.
final class MirrorLocks: @unchecked Sendable {
    // @unchecked: `busy` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var busy = Set<String>()

    /// Runs `body` while no other caller holds `mirror`.
    func withLock<T, Failure: Error>(_ mirror: String, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        condition.lock()
        while busy.contains(mirror) { condition.wait() }
        busy.insert(mirror)
        condition.unlock()
        defer {
            condition.lock()
            busy.remove(mirror)
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
