/// Why a secret could not be sealed or opened. Messages never hold a secret's value.
public enum SecretError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key text is not 32 bytes in base64 or hexadecimal.
    case invalidKey(String)
    /// The value was sealed under another key, or its row was tampered with: GCM's tag does
    /// not match.
    case wrongKey(context: String)
    /// The sealed bytes are not something this version wrote.
    case corrupt(context: String, reason: String)

    public var description: String {
        switch self {
        case .invalidKey(let reason):
            "the secrets key is not usable: \(reason)"
        case .wrongKey(let context):
            "secret \(context) cannot be opened with this key: it was sealed under another key (or its stored row was altered)"
        case let .corrupt(context, reason):
            "secret \(context) is not a sealed value this server can read: \(reason)"
        }
    }
}
