import Foundation

/// Turns the paths and URIs reports use into paths relative to the repository root.
///
/// Reports name files every way there is: absolute (`/home/runner/work/app/Sources/A.swift`,
/// SwiftLint, Detekt, Android Lint), relative to the working directory (`app/src/B.kt`, ktlint),
/// or as URIs (`file:///…`, `src/a%20b.js` with a `uriBaseId`, SARIF). All end up as
/// `Sources/A.swift`: no leading `./`, no `..`, `/` separators.
public enum RepositoryPath {
    /// `raw` relative to `root` when it lies under it; otherwise `raw` cleaned up (an absolute
    /// path elsewhere stays absolute: there is no honest relative form for it).
    public static func normalise(_ raw: String, root: String?) -> String {
        var path = raw.utf8.contains(UInt8(ascii: "\\")) ? raw.replacingOccurrences(of: "\\", with: "/") : raw
        if path.hasPrefix("file:") { path = fileURIPath(path) }
        path = clean(path)
        guard let root, !root.isEmpty else { return path }
        let base = clean(root)
        if path == base { return "" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The path of a `file:` URI, percent-decoded (`file:///a%20b` → `/a b`, `file://host/a` → `/a`).
    static func fileURIPath(_ uri: String) -> String {
        var rest = Substring(uri.dropFirst("file:".count))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            // The authority (usually empty) runs up to the path's first slash.
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        return String(rest).removingPercentEncoding ?? String(rest)
    }

    /// A relative SARIF URI (RFC 3986 reference) as a path: percent-decoded.
    static func relativeURIPath(_ uri: String) -> String {
        uri.utf8.contains(UInt8(ascii: "%")) ? uri.removingPercentEncoding ?? uri : uri
    }

    /// `path` with `.`, empty components and `..` resolved lexically; absolute stays absolute.
    static func clean(_ path: String) -> String {
        guard !isClean(path) else { return path }
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." { parts.removeLast() } else if !absolute { parts.append(part) }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// Whether `path` has no empty, `.` or `..` component (a leading `/` aside), as almost every
    /// path in a report has: then cleaning it would change nothing.
    static func isClean(_ path: String) -> Bool {
        var length = 0, dots = 0, leading = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if !(leading && length == 0), length == 0 || length == dots { return false }
                leading = false
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return path.isEmpty || (length > 0 && length != dots)
    }
}
