import Core
import Foundation
import Logging
import ServiceLifecycle
import Store

/// Background service that runs the release trains: starts releases on their cadence (an
/// occurrence missed while the server was down starts once when it is back) and drives
/// every active release through its automatic steps.
///
/// Each check is one ``ReleaseDriver/checkOnce(now:)``; the store's cursor and transactions
/// make repeated or concurrent checks harmless.
public struct ReleaseTrainService: Service {
    private let driver: ReleaseDriver
    private let interval: Duration
    private let clock: any TimeSource

    /// Creates the service.
    public init(driver: ReleaseDriver, settings: ReleaseTrainSettings, clock: any TimeSource) {
        self.driver = driver
        self.interval = settings.checkInterval
        self.clock = clock
    }

    /// Checks until the service group shuts down.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await checkOnce()
                try? await clock.sleep(for: interval)
            }
        }
    }

    /// One check at the clock's time; answers the ids of the releases the cadences started.
    @discardableResult
    public func checkOnce() async -> [Int64] {
        await driver.checkOnce(now: clock.now).map(\.id)
    }
}
