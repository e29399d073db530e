import Foundation

/// A path pattern of run-all triggers: `*` and `?` match within one path component, `**`
/// matches any number of components. A pattern is anchored at the project root, so
/// `build.gradle.kts` is the root build file only and `**/*.versions.toml` any catalog.
///
/// Matching is dynamic programming over (pattern component, path component), each component
/// matched by ``Wildcard``: polynomial in the sizes, never exponential in the stars.
public struct GlobPattern: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// Each component compiled (`*` and `?` work byte by byte).
    private let components: [[Wildcard.Token]]
    /// Each component's bytes when it has no wildcard: compared directly, most are so.
    private let literals: [[UInt8]?]
    /// Whether each component is `**`.
    private let isGlobstar: [Bool]
    /// Components other than `**`: each takes exactly one path component.
    private let fixedCount: Int

    /// Compiles a pattern; a trailing `/` means "this folder and all below it".
    public init(_ pattern: String) {
        self.pattern = pattern
        var parts = pattern.split(separator: "/", omittingEmptySubsequences: true)
        if pattern.hasSuffix("/") { parts.append("**") }
        components = parts.map { Wildcard.tokens($0.utf8) }
        literals = parts.map { part in part.contains(where: { $0 == "*" || $0 == "?" }) ? nil : Array(part.utf8) }
        isGlobstar = parts.map { $0 == "**" }
        fixedCount = isGlobstar.count { !$0 }
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Patterns are equal when their texts are; the compiled components follow from the text.
    public static func == (lhs: GlobPattern, rhs: GlobPattern) -> Bool {
        lhs.pattern == rhs.pattern
    }

    /// Hashes the text, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
    }

    /// Whether a normalized project-relative path matches.
    public func matches(_ path: String) -> Bool {
        matches(PathComponents(path))
    }

    /// Whether a path split once by the caller matches (one split serves every pattern).
    func matches(_ path: PathComponents) -> Bool {
        // Most patterns are one literal file name; the component count rejects nearly every
        // path before any byte is compared.
        let count = path.ranges.count
        guard count == fixedCount || (count > fixedCount && fixedCount < components.count) else { return false }
        return match(path)
    }

    // MARK: Codable as a bare string

    /// Reads a bare JSON string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes a bare JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(pattern)
    }

    // MARK: Matching

    /// One row per pattern component: which path prefixes the components so far can match.
    private func match(_ path: PathComponents) -> Bool {
        let count = path.ranges.count
        var current = [Bool](repeating: false, count: count + 1)
        var next = current
        current[0] = true
        for part in components.indices {
            if isGlobstar[part] {
                // `**` swallows zero or more components.
                var reachable = false
                for position in 0...count {
                    if current[position] { reachable = true }
                    next[position] = reachable
                }
            } else {
                next[0] = false
                for position in 0..<count {
                    let name = path.bytes[path.ranges[position]]
                    next[position + 1] = current[position]
                        && (literals[part].map { name.elementsEqual($0) } ?? Wildcard.matches(components[part], name) { _ in false })
                }
            }
            swap(&current, &next)
            guard current.contains(true) else { return false }
        }
        return current[count]
    }
}
