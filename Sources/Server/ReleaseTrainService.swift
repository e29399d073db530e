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

    /// Creates the service.
    init(driver: ReleaseDriver, settings: ReleaseTrainSettings) {
        self.driver = driver
        self.interval = settings.checkInterval
    }

    /// Checks until the service group shuts down.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await checkOnce()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One check at `now`; answers the ids of the releases the cadences started. Public so
    /// tests can drive the clock.
    @discardableResult
    public func checkOnce(now: Date = Date()) async -> [Int64] {
        await driver.checkOnce(now: now).map(\.id)
    }
}
