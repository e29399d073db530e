import Foundation

/// Which repository a delivery is about, read before the signature is checked.
///
/// The server needs it to find the repository's secret; nothing else of the payload is
/// trusted until verification succeeds. Several spellings are kept because a repository
/// may be registered by full name or by any of its clone URLs.
public struct RepositoryIdentity: Sendable, Equatable, Codable {
    // MARK: Stored values

    /// Full name as the provider spells it: `acme/ios-app`, `group/subgroup/app` on GitLab.
    public var fullName: String?
    /// Clone and web URLs of the repository (https, ssh), as sent or derived from them.
    public var cloneURLs: [String]

    // MARK: Creating

    /// Creates an identity; empty strings and repeated URLs are dropped.
    public init(fullName: String?, cloneURLs: [String]) {
        self.fullName = fullName.flatMap { $0.isEmpty ? nil : $0 }
        var seen = Set<String>()
        self.cloneURLs = cloneURLs.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Whether there is anything to look a repository up by.
    public var isEmpty: Bool { fullName == nil && cloneURLs.isEmpty }

    // MARK: Matching

    /// Whether this identity names the registered repository `name` / `cloneURL`.
    ///
    /// Full names compare case-insensitively (all three providers treat them so). URLs
    /// compare after `normalizedURL(_:)`, so `git@github.com:acme/app.git` matches
    /// `https://github.com/acme/app`.
    public func matches(name: String, cloneURL: String) -> Bool {
        if let fullName, fullName.lowercased() == name.lowercased() {
            return true
        }
        guard let wanted = Self.normalizedURL(cloneURL) else { return false }
        return cloneURLs.contains { Self.normalizedURL($0) == wanted }
    }

    /// A URL reduced to `host/path` in lower case: no scheme, user, port, `.git` or trailing
    /// slash; scp-style `git@host:path` is read as `host/path`. Nil when no host can be found.
    public static func normalizedURL(_ url: String) -> String? {
        let text = url.trimmingCharacters(in: .whitespaces).lowercased()
        var host: String
        var path: String
        if text.contains("://") {
            guard let components = URLComponents(string: text), let parsedHost = components.host, !parsedHost.isEmpty else {
                return nil
            }
            host = parsedHost
            path = components.path
        } else {
            // scp-like syntax: [user@]host:path
            guard let colon = text.firstIndex(of: ":") else { return nil }
            host = String(text[..<colon])
            path = String(text[text.index(after: colon)...])
            if let at = host.lastIndex(of: "@") {
                host = String(host[host.index(after: at)...])
            }
        }
        guard !host.isEmpty else { return nil }
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix(".git") { path.removeLast(4) }
        while path.hasPrefix("/") { path.removeFirst() }
        return host + "/" + path
    }
}
