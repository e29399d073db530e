import MemberwiseInit

/// The secrets a step uses (its `secrets:` and `keychain:` keys): names only. The values are
/// fetched by the agent when the job starts (`POST /api/v1/agent/jobs/{id}/secrets`), so no
/// value is ever stored with a job's spec or shown with it.
@MemberwiseInit(.public)
public struct StepSecrets: Codable, Sendable, Equatable {
    /// Every secret the step may receive, in the pipeline's order: those `secrets:` lists and
    /// those its keychain names.
    public var names: [String]
    /// The temporary keychain a macOS agent sets up for the job, if the step asks for one.
    public var keychain: KeychainSetup?
}

/// A step's `keychain:`: the signing certificates and provisioning profiles a macOS agent puts
/// into a keychain of the job's own, removed when the job ends.
@MemberwiseInit(.public)
public struct KeychainSetup: Codable, Sendable, Equatable {
    /// File secrets holding `.p12` certificates to import.
    public var certificates: [String]
    /// The secret holding the certificates' import password.
    public var password: String
    /// File secrets holding `.mobileprovision` profiles to install.
    public var profiles: [String] = []

    /// Every secret the keychain needs.
    public var secretNames: [String] { certificates + [password] + profiles }
}
