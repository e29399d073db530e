import Foundation
import _CryptoExtras

// MARK: - GoogleServiceAccount

/// A Google Cloud service account with access to the Play Console, read from its JSON key.
///
/// The private key is kept only as a parsed key object: ``description``, `debugDescription`
/// and reflection (`dump`) show the account's e-mail, never the key, and load errors name the
/// problem, never the file's content.
public struct GoogleServiceAccount: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The account's e-mail: the JWT's `iss`.
    public let clientEmail: String
    /// The key's id: the JWT header's `kid`.
    public let privateKeyID: String
    /// Where access tokens are obtained: the JWT's `aud` and the token request's URL.
    public let tokenURI: String
    /// The signing key.
    let privateKey: _RSA.Signing.PrivateKey

    /// The default environment variable holding the JSON key itself.
    public static let jsonVariable = "MOBILE_OPS_PLAY_SERVICE_ACCOUNT_JSON"
    /// The default environment variable holding the path of the JSON key file.
    public static let fileVariable = "MOBILE_OPS_PLAY_SERVICE_ACCOUNT_FILE"

    /// The fields of the key file this client reads.
    private struct KeyFile: Decodable {
        var type: String?
        var client_email: String?
        var private_key: String?
        var private_key_id: String?
        var token_uri: String?
    }

    /// Reads a service-account JSON key (`client_email`, `private_key`, `private_key_id`,
    /// `token_uri`).
    public init(json: Data) throws(DistributionAPIError) {
        guard let file = try? JSONDecoder().decode(KeyFile.self, from: json) else {
            throw Self.invalid("the service account key is not JSON of the documented shape")
        }
        if let type = file.type, type != "service_account" {
            throw Self.invalid("the key's type is \(type), not service_account")
        }
        guard let email = file.client_email, !email.isEmpty else { throw Self.invalid("the service account key has no client_email") }
        guard let pem = file.private_key, !pem.isEmpty else { throw Self.invalid("the service account key has no private_key") }
        guard let key = try? _RSA.Signing.PrivateKey(pemRepresentation: pem) else {
            throw Self.invalid("private_key of \(email) is not an RSA private key in PEM form")
        }
        self.clientEmail = email
        self.privateKeyID = file.private_key_id ?? ""
        self.tokenURI = file.token_uri ?? "https://oauth2.googleapis.com/token"
        self.privateKey = key
    }

    /// Reads the JSON key file at `path`.
    public static func load(path: String) throws(DistributionAPIError) -> GoogleServiceAccount {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw invalid("cannot read the service account key file \(path)")
        }
        return try GoogleServiceAccount(json: data)
    }

    /// The account from `jsonVariable` (the key itself) or `fileVariable` (its path), or
    /// `nil` when neither is set.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        jsonVariable: String = GoogleServiceAccount.jsonVariable, fileVariable: String = GoogleServiceAccount.fileVariable
    ) throws(DistributionAPIError) -> GoogleServiceAccount? {
        if let json = environment[jsonVariable], !json.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return try GoogleServiceAccount(json: Data(json.utf8))
        }
        if let path = environment[fileVariable], !path.isEmpty {
            return try load(path: path)
        }
        return nil
    }

    // MARK: Redaction

    /// `service account play@project.iam.gserviceaccount.com (key redacted)`.
    public var description: String { "service account \(clientEmail) (key redacted)" }
    /// Same as ``description``: the key never appears.
    public var debugDescription: String { description }
    /// Reflection shows the public fields only, so `dump` cannot print the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["clientEmail": clientEmail, "privateKeyID": privateKeyID, "tokenURI": tokenURI, "privateKey": "<redacted>"])
    }

    private static func invalid(_ message: String) -> DistributionAPIError {
        DistributionAPIError(distribution: .googlePlay, kind: .invalidCredentials, operation: "load service account", message: message)
    }
}
