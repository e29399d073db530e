import Foundation

/// Project-relative path spelling: one form for every reader, index and change list, so that
/// `./Sources/A/`, `Sources//A` and `Sources/A` meet in the same index entry.
enum ProjectPath {
    /// `./a//b/` → `a/b`; `.` and `./` → `` (the project root). An absolute path stays
    /// absolute (callers relativize it against the project); `..` is left as written.
    static func normalize(_ path: String) -> String {
        guard needsNormalizing(path) else { return path }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") && !joined.isEmpty ? "/" + joined : joined
    }

    /// Whether the path has an empty or `.` component or a trailing `/`. A byte scan: this
    /// runs for every root of a large graph, and Foundation's `contains` bridges to NSString.
    private static func needsNormalizing(_ path: String) -> Bool {
        // Over the contiguous bytes when the string has them (native strings do): stepping
        // through `utf8` index by index was a quarter of indexing 200,000 roots.
        path.utf8.withContiguousStorageIfAvailable { needsNormalizing(bytes: $0) } ?? needsNormalizing(bytes: path.utf8)
    }

    private static func needsNormalizing(bytes path: some Sequence<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        var length = 0  // bytes in the current component
        var isDot = true  // whether the current component is only dots
        var offset = 0
        for byte in path {
            if byte == slash {
                // An empty component ("//"; a leading "/" is fine) or a "." component.
                if length == 0, offset > 0 { return true }
                if length == 1, isDot { return true }
                length = 0
                isDot = true
            } else {
                length += 1
                if byte != UInt8(ascii: ".") { isDot = false }
            }
            offset += 1
        }
        guard offset > 0 else { return false }
        return length == 0 || (length == 1 && isDot)
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
