import Core
import Pipelines
import Testing

/// A step's `secrets:` and `keychain:` reach its job specs as names; mistakes are positioned errors.
struct SecretsFieldTests {
    @Test("secrets and keychain names reach every shard's spec, each once, secrets first; values never reach env")
    func namesReachTheSpec() throws {
        let listed = try #require(parsed(pipelineWithStep("""
                parallelism: 2
                secrets: [ANDROID_KEYSTORE, KEYSTORE_PASSWORD]
            """)))
        let expected = StepSecrets(names: ["ANDROID_KEYSTORE", "KEYSTORE_PASSWORD"])
        #expect(listed.jobPlans().map(\.spec.secrets) == [expected, expected])
        #expect(listed.jobPlans().allSatisfy { $0.spec.env["ANDROID_KEYSTORE"] == nil })

        let single = try #require(parsed(pipelineWithStep("    secrets: PLAY_KEY")))
        #expect(single.jobPlans().first?.spec.secrets == StepSecrets(names: ["PLAY_KEY"]))

        let keychain = try #require(parsed(pipelineWithStep("""
                secrets: [ASC_KEY, IOS_P12_PASSWORD]
                keychain:
                  certificates: [IOS_DIST_P12]
                  password: IOS_P12_PASSWORD
                  profiles: [IOS_PROFILE, IOS_WIDGET_PROFILE]
            """)))
        let setup = KeychainSetup(certificates: ["IOS_DIST_P12"], password: "IOS_P12_PASSWORD", profiles: ["IOS_PROFILE", "IOS_WIDGET_PROFILE"])
        #expect(keychain.jobPlans().first?.spec.secrets == StepSecrets(
            names: ["ASC_KEY", "IOS_P12_PASSWORD", "IOS_DIST_P12", "IOS_PROFILE", "IOS_WIDGET_PROFILE"], keychain: setup))

        let keychainOnly = try #require(parsed(pipelineWithStep("    keychain: {certificates: CERT, password: PASS}")))
        #expect(keychainOnly.jobPlans().first?.spec.secrets == StepSecrets(
            names: ["CERT", "PASS"], keychain: KeychainSetup(certificates: ["CERT"], password: "PASS")))
        #expect(try #require(parsed(pipelineWithStep(""))).jobPlans().first?.spec.secrets == nil)
    }

    @Test("a bad name, a typo, a missing keychain key or a repeated name is an error at its place")
    func mistakesArePositioned() {
        #expect(errors(pipelineWithStep("    secrets: [GOOD, lower_case]")) == [
            "6:21: each item of secrets: a secret name must be 1 to 128 of A-Z, 0-9 and _, not starting with a digit (an upper-case environment variable name), found \"lower_case\"",
        ])
        #expect(errors(pipelineWithStep("    secrets: 1PASSWORD")).first?.contains("not starting with a digit") == true)
        #expect(errors(pipelineWithStep("    secrets: MOBILE_OPS_SECRETS_DIR")).first?.contains("must not start with MOBILE_OPS_") == true)
        #expect(errors(pipelineWithStep("    secrets: [A_KEY, A_KEY]")).first?.contains("secrets names A_KEY twice") == true)
        #expect(errors(pipelineWithStep("    secrets: []")).first?.contains("secrets must not be an empty list") == true)
        #expect(errors(pipelineWithStep("    secret: [A_KEY]")).first?.contains("did you mean 'secrets'?") == true)
        #expect(errors(pipelineWithStep("    keychain: {certificates: [CERT], pasword: PASS}")).contains { $0.contains("did you mean 'password'?") })
        #expect(errors(pipelineWithStep("    keychain: {certificates: [CERT], pasword: PASS}")).contains { $0.contains("keychain needs 'password'") })
        #expect(errors(pipelineWithStep("    keychain: {password: PASS}")).first?.contains("keychain needs 'certificates'") == true)
        #expect(errors(pipelineWithStep("    keychain: {certificates: [CERT], password: [A, B]}")).first?.contains("keychain.password must be one secret name") == true)
        #expect(errors(pipelineWithStep("    keychain: [CERT]")).first?.contains("keychain must be a map") == true)
    }
}
