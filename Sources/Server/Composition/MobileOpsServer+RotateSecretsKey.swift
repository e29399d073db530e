import Core
import DI
import Foundation
import Logging
import Scheduling
import Secrets
import Store

extension MobileOpsServer {
    /// What a key rotation did, for the command to print.
    public struct SecretsKeyRotation: Sendable {
        /// Secrets re-sealed.
        public var count: Int
        /// The configured (old) key's fingerprint.
        public var oldFingerprint: String
        /// The new key's fingerprint.
        public var newFingerprint: String
    }

    /// Re-seals every stored secret under the key in `newKeyFile`, in one transaction, for the
    /// `rotate-secrets-key` command: the configured key (`MOBILE_OPS_SECRETS_KEY` or
    /// `MOBILE_OPS_SECRETS_KEY_FILE`) must be the one they are sealed under, or nothing changes.
    ///
    /// Composes only the configuration and the store (not the start-up check, which a store
    /// being rotated may fail). Run it with every server stopped, then start them all with the
    /// new key: a server still holding the old key cannot open what was re-sealed.
    /// - Throws: `StartupError` saying why nothing was changed.
    public static func rotateSecretsKey(configuration: ServerConfiguration, newKeyFile: String, logger: Logger) async throws(StartupError) -> SecretsKeyRotation {
        let oldKey: SecretKey
        let newKey: SecretKey
        do throws(ConfigurationError) {
            guard let setting = configuration.secretsKey else {
                throw ConfigurationError(setting: SecretsKeySetting.keyVariable, message: """
                    no current secrets key: set \(SecretsKeySetting.keyVariable) or \(SecretsKeySetting.fileVariable) to the key the \
                    secrets are sealed under, and --new-key-file to the new one
                    """)
            }
            oldKey = try await setting.load()
            newKey = try await SecretsKeySetting.file(path: newKeyFile).load()
        } catch {
            throw StartupError(message: error.message.replacingOccurrences(of: SecretsKeySetting.fileVariable + ": " + newKeyFile, with: "--new-key-file \(newKeyFile)"))
        }
        guard newKey != oldKey else {
            throw StartupError(message: "the new key is the current key (\(oldKey.fingerprint)); nothing to do")
        }
        return try await withCommandContainer(
            [ConfigurationModule(configuration: configuration, logger: logger), StoreModule()],
            entryPoint: (any StoreDatabase).self, failure: "nothing was changed: "
        ) { container in
            let store = try await container.resolve((any StoreDatabase).self)
            let clock = try await container.resolve((any TimeSource).self)
            let count = try await SecretService.rotate(store: store, from: oldKey, to: newKey, at: clock.now)
            return SecretsKeyRotation(count: count, oldFingerprint: oldKey.fingerprint, newFingerprint: newKey.fingerprint)
        }
    }
}
