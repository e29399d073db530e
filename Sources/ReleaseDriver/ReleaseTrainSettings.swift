import Foundation
import ReleaseTrain

// MARK: - ReleaseTrainSettings

/// What the release train needs from the environment: where train files are, the store
/// credentials and API roots, and how often the scheduler looks.
///
/// Credentials are parsed key objects whose descriptions are redacted, so the settings can
/// be logged (``description``) without leaking a key. A credential that is set but unusable
/// is not fatal: the problem is kept in ``problems`` (logged at start) and that store stays
/// unconfigured, so releases wait for people instead of failing at the first store call.
public struct ReleaseTrainSettings: Sendable, CustomStringConvertible {
    /// Folder of train definitions loaded at start (`MOBILE_OPS_TRAINS`, default `<pipelines>/trains`).
    public var trainsPath: String
    /// The Google Play service account (`MOBILE_OPS_PLAY_SERVICE_ACCOUNT_JSON` / `_FILE`).
    public var playAccount: GoogleServiceAccount?
    /// Android Publisher API root and token endpoint (`MOBILE_OPS_PLAY_API_URL`, `MOBILE_OPS_PLAY_TOKEN_URL`).
    public var play: GooglePlayClient.Configuration
    /// The App Store Connect API key (`MOBILE_OPS_ASC_ISSUER_ID`, `MOBILE_OPS_ASC_KEY_ID`, `MOBILE_OPS_ASC_KEY` / `_FILE`).
    public var appStoreKey: AppStoreConnectKey?
    /// App Store Connect API root (`MOBILE_OPS_ASC_API_URL`).
    public var appStore: AppStoreConnectClient.Configuration
    /// How often the scheduler checks cadences and active releases (`MOBILE_OPS_TRAIN_CHECK_SECONDS`, default 60).
    public var checkInterval: Duration
    /// Settings that were given but could not be used, for the start-up log.
    public var problems: [String]
    /// Why a store's credentials that were given could not be used, by platform (also in
    /// ``problems``); see ``missingCredentials(for:)``.
    public var credentialProblems: [ReleasePlatform: String] = [:]

    /// Creates settings; by default no store credentials and Google's and Apple's endpoints.
    public init(
        trainsPath: String, playAccount: GoogleServiceAccount? = nil, play: GooglePlayClient.Configuration = .init(),
        appStoreKey: AppStoreConnectKey? = nil, appStore: AppStoreConnectClient.Configuration = .init(),
        checkInterval: Duration = .seconds(60), problems: [String] = []
    ) {
        self.trainsPath = trainsPath
        self.playAccount = playAccount
        self.play = play
        self.appStoreKey = appStoreKey
        self.appStore = appStore
        self.checkInterval = checkInterval
        self.problems = problems
    }

    // MARK: Environment

    /// Reads the settings from `environment`; `pipelinesPath` is the default trains folder's parent.
    public static func fromEnvironment(_ environment: [String: String], pipelinesPath: String) -> ReleaseTrainSettings {
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else { return nil }
            return raw
        }
        let folder = pipelinesPath.hasSuffix("/") ? pipelinesPath + "trains" : pipelinesPath + "/trains"
        var settings = ReleaseTrainSettings(trainsPath: value("MOBILE_OPS_TRAINS") ?? folder)
        settings.play = GooglePlayClient.Configuration(
            apiBaseURL: value("MOBILE_OPS_PLAY_API_URL") ?? GooglePlayClient.Configuration().apiBaseURL,
            tokenURL: value("MOBILE_OPS_PLAY_TOKEN_URL")
        )
        settings.appStore = AppStoreConnectClient.Configuration(baseURL: value("MOBILE_OPS_ASC_API_URL") ?? AppStoreConnectClient.Configuration().baseURL)
        // The loaders' errors name the variable or file, never the key material.
        do { settings.playAccount = try GoogleServiceAccount.fromEnvironment(environment) } catch {
            settings.problems.append("Google Play is not configured: \(error)")
            settings.credentialProblems[.android] = "\(error)"
        }
        do { settings.appStoreKey = try AppStoreConnectKey.fromEnvironment(environment) } catch {
            settings.problems.append("App Store Connect is not configured: \(error)")
            settings.credentialProblems[.ios] = "\(error)"
        }
        if let text = value("MOBILE_OPS_TRAIN_CHECK_SECONDS") {
            if let seconds = Double(text), seconds >= 1, seconds <= 3600 {
                settings.checkInterval = .milliseconds(Int64(seconds * 1000))
            } else {
                settings.problems.append("MOBILE_OPS_TRAIN_CHECK_SECONDS must be 1 to 3600 seconds, not '\(text)'; using 60")
            }
        }
        return settings
    }

    /// The settings with credentials shown as set or not set.
    public var description: String {
        let playText = playAccount.map { "\($0)" } ?? "not set"
        let appStoreText = appStoreKey.map { "\($0)" } ?? "not set"
        return "trains \(trainsPath), Google Play \(play.apiBaseURL) (\(playText)), App Store Connect \(appStore.baseURL) (\(appStoreText))"
    }
}

// MARK: - What a store's credentials lack

extension ReleaseTrainSettings {
    /// Why `platform`'s store cannot be driven, naming the variables that configure it; nil
    /// when its credentials are usable. A release shows this while it waits, so the person
    /// reading it knows what to set without the start-up log.
    public func missingCredentials(for platform: ReleasePlatform) -> String? {
        let variables: String
        switch platform {
        case .ios:
            guard appStoreKey == nil else { return nil }
            typealias Variable = AppStoreConnectKey.Variable
            variables = "\(Variable.issuerID), \(Variable.keyID), and \(Variable.key) or \(Variable.keyFile)"
        case .android:
            guard playAccount == nil else { return nil }
            variables = "\(GoogleServiceAccount.jsonVariable) or \(GoogleServiceAccount.fileVariable)"
        }
        if let problem = credentialProblems[platform] {
            return "\(platform.distributionName) credentials are unusable (\(problem)); check \(variables) and restart the server"
        }
        return "\(platform.distributionName) credentials are not set; set \(variables) and restart the server"
    }
}
