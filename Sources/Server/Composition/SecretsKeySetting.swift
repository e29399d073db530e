import Core
import Foundation
import Secrets

/// Where the secrets key comes from: `MOBILE_OPS_SECRETS_KEY` (the key as text) or
/// `MOBILE_OPS_SECRETS_KEY_FILE` (a file holding it, read at start). Every server sharing a
/// database must have the same key.
public enum SecretsKeySetting: Sendable, Equatable {
    /// The key itself, read from `MOBILE_OPS_SECRETS_KEY`.
    case key(SecretKey)
    /// A file holding the key, read when the server starts.
    case file(path: String)

    /// The variable holding the key.
    public static let keyVariable = "MOBILE_OPS_SECRETS_KEY"
    /// The variable naming the key file.
    public static let fileVariable = "MOBILE_OPS_SECRETS_KEY_FILE"

    /// The setting the environment gives, or nil when neither variable is set.
    /// - Throws: `ConfigurationError` for both set, or a key that is not 32 bytes (the message
    ///   never repeats the text).
    public static func resolve(environment: [String: String]) throws(ConfigurationError) -> SecretsKeySetting? {
        let text = environment[keyVariable].flatMap { $0.isEmpty ? nil : $0 }
        let path = environment[fileVariable].flatMap { $0.isEmpty ? nil : $0 }
        switch (text, path) {
        case (_?, _?):
            throw ConfigurationError(setting: keyVariable, message: "set \(keyVariable) or \(fileVariable), not both")
        case (let text?, nil):
            do { return .key(try SecretKey(text: text)) } catch {
                throw ConfigurationError(setting: keyVariable, message: "\(keyVariable): \(error)")
            }
        case (nil, let path?):
            return .file(path: path)
        case (nil, nil):
            return nil
        }
    }

    /// The key, reading the file (off the cooperative threads) when the setting names one.
    /// - Throws: `ConfigurationError` naming the file and why it cannot be used.
    public func load() async throws(ConfigurationError) -> SecretKey {
        switch self {
        case .key(let key):
            return key
        case .file(let path):
            let result = await DedicatedThread.run { () -> Result<SecretKey, ConfigurationError> in
                Result { () throws(ConfigurationError) in
                    let text: String
                    do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                        throw ConfigurationError(setting: Self.fileVariable, message: "\(Self.fileVariable): cannot read \(path): \(error.localizedDescription)")
                    }
                    do { return try SecretKey(text: text) } catch {
                        throw ConfigurationError(setting: Self.fileVariable, message: "\(Self.fileVariable): \(path): \(error)")
                    }
                }
            }
            return try result.get()
        }
    }
}
