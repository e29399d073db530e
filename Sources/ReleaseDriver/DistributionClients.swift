import Core
import Foundation
import HTTPClient
import ReleaseTrain

// MARK: - DistributionClients

/// The distribution clients the train can use ("distribution": the app stores' side; in our
/// names "store" is the database only): one per app store whose credentials are configured.
///
/// Both share the server's one `HTTPExecuting` (libcurl), so tests point the base URLs at
/// local fakes and run the real client code.
public struct DistributionClients: Sendable {
    /// Google Play, when a service account is configured.
    public let play: GooglePlayClient?
    /// App Store Connect, when an API key is configured.
    public let appStore: AppStoreConnectClient?
    /// Why a store is not configured, naming its variables, by platform.
    private let missing: [ReleasePlatform: String]

    /// Builds the clients the settings allow.
    /// Token lifetimes (JWTs, OAuth access tokens) are judged on `clock`.
    public init(settings: ReleaseTrainSettings, http: any HTTPExecuting, clock: any TimeSource) {
        let now: @Sendable () -> Date = { clock.now }
        play = settings.playAccount.map { GooglePlayClient(http: http, account: $0, configuration: settings.play, now: now) }
        appStore = settings.appStoreKey.map { AppStoreConnectClient(http: http, key: $0, configuration: settings.appStore, now: now) }
        missing = Dictionary(uniqueKeysWithValues: ReleasePlatform.allCases.compactMap { platform in
            settings.missingCredentials(for: platform).map { (platform, $0) }
        })
    }

    /// Why `platform`'s store cannot be driven (its credentials, named by their variables), or nil.
    public func missingCredentials(for platform: ReleasePlatform) -> String? {
        isConfigured(platform) ? nil : missing[platform] ?? "\(platform.distributionName) credentials are not set"
    }

    /// Whether `platform`'s store can be driven.
    public func isConfigured(_ platform: ReleasePlatform) -> Bool {
        switch platform {
        case .android: play != nil
        case .ios: appStore != nil
        }
    }
}
