/// The rules a secret's name follows, shared by the pipeline parser (a step's `secrets:` and
/// `keychain:`) and the API that stores secrets, so a name one accepts the other accepts too.
///
/// A name is what the job's environment variable is called, so it is an upper-case shell
/// name: `[A-Z_][A-Z0-9_]*`, at most 128 characters, not starting with `MOBILE_OPS_` (the
/// variables MobileOps sets itself, such as `MOBILE_OPS_SECRETS_DIR`).
public enum SecretName {
    /// The longest name accepted.
    public static let maximumLength = 128
    /// The prefix of the variables MobileOps sets; no secret may shadow one.
    public static let reservedPrefix = "MOBILE_OPS_"

    /// Why `name` is not a secret name, as a sentence ending in what was found; nil when it is one.
    public static func problem(_ name: String) -> String? {
        let characters = Array(name.utf8)
        guard let first = characters.first else { return "a secret name must not be empty" }
        let valid = characters.count <= maximumLength
            && isStart(first) && characters.dropFirst().allSatisfy { isStart($0) || (0x30...0x39).contains($0) }
        guard valid else {
            return "a secret name must be 1 to \(maximumLength) of A-Z, 0-9 and _, not starting with a digit (an upper-case environment variable name), found \"\(name.prefix(maximumLength + 1))\""
        }
        guard !name.hasPrefix(reservedPrefix) else {
            return "a secret name must not start with \(reservedPrefix) (MobileOps sets those variables itself), found \"\(name)\""
        }
        return nil
    }

    /// `A`–`Z` or `_`.
    private static func isStart(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || byte == 0x5F
    }
}
