import Foundation

/// Project-relative path spelling: one form for every reader, index and change list, so that
/// `./Sources/A/`, `Sources//A` and `Sources/A` meet in the same index entry.
enum ProjectPath {
    /// `./a//b/` → `a/b`; `.` and `./` → `` (the project root). A leading `/` is kept off so
    /// that absolute-looking input still compares as relative; `..` is left as written.
    static func normalize(_ path: String) -> String {
        if !path.contains("//"), !path.hasPrefix("./"), !path.hasSuffix("/"), !path.contains("/./"), path != "." {
            return path
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return parts.joined(separator: "/")
    }

    /// Joins a base folder and a relative path and normalizes the result; `..` steps up where
    /// it can, which build files use for sibling folders. An absolute base stays absolute.
    static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return relative }
        var parts = base.split(separator: "/").map(String.init).filter { $0 != "." }
        for part in relative.split(separator: "/").map(String.init) where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return base.hasPrefix("/") ? "/" + joined : joined
    }

    /// The path of `absolute` inside `root`, or nil when it lies outside.
    static func relative(_ absolute: String, to root: String) -> String? {
        let path = URL(fileURLWithPath: absolute).standardizedFileURL.path
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        if path == base { return "" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    /// The parent folder of a relative path (`a/b/c` → `a/b`, `a` → ``).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
