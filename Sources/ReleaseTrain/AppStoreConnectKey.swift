import Crypto
import Foundation

// MARK: - AppStoreConnectKey

/// An App Store Connect API key: the issuer, the key id and the `.p8` private key.
///
/// The key is kept only as a parsed key object; descriptions and reflection show the ids,
/// never the key, and load errors never echo the file's content.
public struct AppStoreConnectKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The issuer id from App Store Connect's Keys page: the JWT's `iss`.
    public let issuerID: String
    /// The key id: the JWT header's `kid`.
    public let keyID: String
    /// The key's raw scalar; kept as bytes because swift-crypto's key type is not `Sendable`
    /// on every platform, and rebuilt for each signature (cheap).
    private let keyBytes: Data

    /// Environment variables read by ``fromEnvironment(_:)``.
    public enum Variable {
        /// The issuer id.
        public static let issuerID = "MOBILE_OPS_ASC_ISSUER_ID"
        /// The key id.
        public static let keyID = "MOBILE_OPS_ASC_KEY_ID"
        /// The `.p8` key's PEM text itself.
        public static let key = "MOBILE_OPS_ASC_KEY"
        /// The path of the `.p8` file.
        public static let keyFile = "MOBILE_OPS_ASC_KEY_FILE"
    }

    /// Creates a key from the `.p8` file's PEM text.
    public init(issuerID: String, keyID: String, privateKeyPEM: String) throws(DistributionAPIError) {
        guard !issuerID.isEmpty, !keyID.isEmpty else { throw Self.invalid("the issuer id and key id must not be empty") }
        guard let key = try? P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM) else {
            throw Self.invalid("key \(keyID) is not a P-256 private key in PEM (.p8) form")
        }
        self.issuerID = issuerID
        self.keyID = keyID
        self.keyBytes = key.rawRepresentation
    }

    /// Reads the `.p8` file at `path`.
    public static func load(issuerID: String, keyID: String, path: String) throws(DistributionAPIError) -> AppStoreConnectKey {
        guard let data = FileManager.default.contents(atPath: path), let pem = String(data: data, encoding: .utf8) else {
            throw invalid("cannot read the App Store Connect key file \(path)")
        }
        return try AppStoreConnectKey(issuerID: issuerID, keyID: keyID, privateKeyPEM: pem)
    }

    /// The key from `MOBILE_OPS_ASC_ISSUER_ID`, `MOBILE_OPS_ASC_KEY_ID` and
    /// `MOBILE_OPS_ASC_KEY` (PEM text) or `MOBILE_OPS_ASC_KEY_FILE` (path); `nil` when none is set.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(DistributionAPIError) -> AppStoreConnectKey? {
        let value: (String) -> String? = { name in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let names = [Variable.issuerID, Variable.keyID, Variable.key, Variable.keyFile]
        guard names.contains(where: { value($0) != nil }) else { return nil }
        guard let issuer = value(Variable.issuerID), let keyID = value(Variable.keyID) else {
            throw invalid("set both \(Variable.issuerID) and \(Variable.keyID)")
        }
        if let pem = value(Variable.key) {
            return try AppStoreConnectKey(issuerID: issuer, keyID: keyID, privateKeyPEM: pem)
        }
        guard let path = value(Variable.keyFile) else { throw invalid("set \(Variable.key) or \(Variable.keyFile)") }
        return try load(issuerID: issuer, keyID: keyID, path: path)
    }

    /// The signing key.
    func signingKey() throws -> P256.Signing.PrivateKey {
        try P256.Signing.PrivateKey(rawRepresentation: keyBytes)
    }

    // MARK: Redaction

    /// `App Store Connect key ABC123 of issuer … (key redacted)`.
    public var description: String { "App Store Connect key \(keyID) of issuer \(issuerID) (key redacted)" }
    /// Same as ``description``.
    public var debugDescription: String { description }
    /// Reflection shows the ids only.
    public var customMirror: Mirror {
        Mirror(self, children: ["issuerID": issuerID, "keyID": keyID, "privateKey": "<redacted>"])
    }

    private static func invalid(_ message: String) -> DistributionAPIError {
        DistributionAPIError(distribution: .appStoreConnect, kind: .invalidCredentials, operation: "load API key", message: message)
    }
}
