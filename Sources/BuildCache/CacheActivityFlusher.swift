import Core
import ServiceLifecycle

/// Writes the build cache's gathered counts (``CacheActivity``) to the store every few
/// seconds, and once more at shutdown so nothing counted is lost: it must stop before the
/// store closes (the composition root lists it after the store's closer).
public struct CacheActivityFlusher: Service {
    private let activity: CacheActivity
    private let interval: Duration
    private let clock: any TimeSource

    /// Flushes `activity` every `interval` on `clock`.
    public init(activity: CacheActivity, interval: Duration = .seconds(5), clock: any TimeSource) {
        self.activity = activity
        self.interval = interval
        self.clock = clock
    }

    /// Flushes until graceful shutdown, then a last time.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await clock.sleep(for: interval)
                await activity.flush()
            }
        }
        await activity.flush()
    }
}
