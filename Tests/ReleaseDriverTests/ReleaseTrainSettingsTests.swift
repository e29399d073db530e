import ReleaseDriver
import ReleaseTrain
import Testing

/// The release train's settings come from the environment; a missing credential or a bad
/// value is a problem reported at start, never a crash or a silent default.
@Suite("Release train settings from the environment")
struct ReleaseTrainSettingsTests {
    @Test("without variables the trains folder is beside the pipelines and no store has credentials")
    func defaults() {
        let settings = ReleaseTrainSettings.fromEnvironment([:], pipelinesPath: "pipelines/")
        #expect(settings.trainsPath == "pipelines/trains")
        #expect(settings.playAccount == nil)
        #expect(settings.appStoreKey == nil)
        #expect(settings.problems.isEmpty)
        #expect(settings.description.contains("not set"))
    }

    @Test("an unreadable service account is a problem naming Google Play, and its key material is never shown")
    func unreadableCredentials() {
        let settings = ReleaseTrainSettings.fromEnvironment(
            ["MOBILE_OPS_PLAY_SERVICE_ACCOUNT_JSON": #"{"type": "service_account", "private_key": "SECRET-KEY-TEXT"}"#],
            pipelinesPath: "pipelines"
        )
        #expect(settings.playAccount == nil)
        #expect(settings.problems.contains { $0.hasPrefix("Google Play is not configured") })
        #expect(!settings.problems.joined().contains("SECRET-KEY-TEXT"))
    }

    @Test("a store without credentials names the variables that configure it; an unusable one says why")
    func missingCredentialsNameTheVariables() {
        let unset = ReleaseTrainSettings.fromEnvironment([:], pipelinesPath: "pipelines")
        let ios = unset.missingCredentials(for: .ios) ?? ""
        for variable in ["MOBILE_OPS_ASC_ISSUER_ID", "MOBILE_OPS_ASC_KEY_ID", "MOBILE_OPS_ASC_KEY", "MOBILE_OPS_ASC_KEY_FILE"] {
            #expect(ios.contains(variable), "\(ios)")
        }
        let android = unset.missingCredentials(for: .android) ?? ""
        #expect(android.contains("MOBILE_OPS_PLAY_SERVICE_ACCOUNT_JSON") && android.contains("MOBILE_OPS_PLAY_SERVICE_ACCOUNT_FILE"), "\(android)")

        let half = ReleaseTrainSettings.fromEnvironment(["MOBILE_OPS_ASC_ISSUER_ID": "issuer"], pipelinesPath: "pipelines")
        let unusable = half.missingCredentials(for: .ios) ?? ""
        #expect(unusable.contains("unusable") && unusable.contains("MOBILE_OPS_ASC_KEY_ID"), "\(unusable)")
    }

    @Test("API roots and the trains folder are taken from their variables")
    func overrides() {
        let settings = ReleaseTrainSettings.fromEnvironment([
            "MOBILE_OPS_TRAINS": "/etc/mobile-ops/trains",
            "MOBILE_OPS_PLAY_API_URL": "http://127.0.0.1:9001/androidpublisher/v3",
            "MOBILE_OPS_ASC_API_URL": "http://127.0.0.1:9002/v1",
            "MOBILE_OPS_TRAIN_CHECK_SECONDS": "5",
        ], pipelinesPath: "pipelines")
        #expect(settings.trainsPath == "/etc/mobile-ops/trains")
        #expect(settings.play.apiBaseURL == "http://127.0.0.1:9001/androidpublisher/v3")
        #expect(settings.appStore.baseURL == "http://127.0.0.1:9002/v1")
        #expect(settings.checkInterval == .seconds(5))
    }

    @Test("a check interval out of range is a problem naming the variable, and the default stays", arguments: ["0", "7200", "soon"])
    func badInterval(text: String) {
        let settings = ReleaseTrainSettings.fromEnvironment(["MOBILE_OPS_TRAIN_CHECK_SECONDS": text], pipelinesPath: "pipelines")
        #expect(settings.checkInterval == .seconds(60))
        #expect(settings.problems.contains { $0.contains("MOBILE_OPS_TRAIN_CHECK_SECONDS") && $0.contains(text) })
    }
}
