/// The protocols the build cache speaks; each keeps its entries apart from the others'.
public enum CacheProtocol: String, Sendable, CaseIterable {
    /// Gradle's HTTP build cache.
    case gradle
    /// Bazel's HTTP remote cache (`ac/` and `cas/`).
    case bazel
    /// ccache's HTTP remote storage.
    case ccache
    /// XCRemoteCache (`file/`, `meta/`, `marker/`).
    case xcode
}

/// One entry's address: its protocol, namespace and key.
///
/// Namespaces and keys are checked here, once, for every protocol: a namespace is
/// `[A-Za-z0-9._-]`, at most 64 characters (it names a folder); a key is one or more segments
/// joined by `/` (a ccache path, `ac/<sha256>`, an Xcode target's name with a space), none of
/// them empty, `.` or `..`, without control characters or `\`, at most 512 bytes in all. Keys
/// never name files (their hash does), so no key can reach outside its namespace.
public struct CacheEntryID: Sendable, Hashable, CustomStringConvertible {
    /// The protocol.
    public let `protocol`: CacheProtocol
    /// The namespace (a team, a repository: free text).
    public let namespace: String
    /// The key within the namespace.
    public let key: String

    /// The longest namespace.
    public static let maxNamespaceLength = 64
    /// The longest key.
    public static let maxKeyLength = 512

    /// The entry's address.
    /// - Throws: ``CacheRequestError`` naming the namespace or key that breaks the rules.
    public init(_ cacheProtocol: CacheProtocol, namespace: String, key: String) throws(CacheRequestError) {
        if let problem = Self.problem(withNamespace: namespace) { throw .invalidNamespace(problem) }
        if let problem = Self.problem(withKey: key) { throw .invalidKey(problem) }
        self.protocol = cacheProtocol
        self.namespace = namespace
        self.key = key
    }

    /// What is wrong with `namespace`; nil when it is a valid one.
    public static func problem(withNamespace namespace: String) -> String? {
        guard !namespace.isEmpty, namespace.utf8.count <= maxNamespaceLength else {
            return "a namespace has 1 to \(maxNamespaceLength) characters; \(namespace.debugDescription) has \(namespace.utf8.count)"
        }
        guard namespace.utf8.allSatisfy(isAllowed) else {
            return "a namespace may contain only letters, digits, '.', '_' and '-', not \(namespace.debugDescription)"
        }
        guard namespace != ".", namespace != ".." else { return "a namespace cannot be '.' or '..'" }
        return nil
    }

    /// What is wrong with `key`; nil when it is a valid one.
    public static func problem(withKey key: String) -> String? {
        guard !key.isEmpty, key.utf8.count <= maxKeyLength else {
            return "a key has 1 to \(maxKeyLength) characters; this one has \(key.utf8.count)"
        }
        for segment in key.split(separator: "/", omittingEmptySubsequences: false) {
            guard !segment.isEmpty, segment != ".", segment != ".." else {
                return "a key's parts between '/' cannot be empty, '.' or '..': \(key.debugDescription)"
            }
            guard segment.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f && $0 != "\\" }) else {
                return "a key may not contain control characters or '\\': \(key.debugDescription)"
            }
        }
        return nil
    }

    /// `[A-Za-z0-9._-]`.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// `protocol/namespace/key`, for logs.
    public var description: String {
        "\(self.protocol.rawValue)/\(namespace)/\(key)"
    }
}
