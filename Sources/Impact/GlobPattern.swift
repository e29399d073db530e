import Foundation

/// A path pattern of run-all triggers: `*` and `?` match within one path component, `**`
/// matches any number of components. A pattern is anchored at the project root, so
/// `build.gradle.kts` is the root build file only and `**/*.versions.toml` any catalog.
public struct GlobPattern: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// Each component's UTF-8 bytes (`*` and `?` work byte by byte).
    private let components: [[UInt8]]
    /// Whether each component is `**`.
    private let isGlobstar: [Bool]
    /// Components other than `**`: each takes exactly one path component.
    private let fixedCount: Int

    /// Compiles a pattern; a trailing `/` means "this folder and all below it".
    public init(_ pattern: String) {
        self.pattern = pattern
        var parts = pattern.split(separator: "/", omittingEmptySubsequences: true)
        if pattern.hasSuffix("/") { parts.append("**") }
        components = parts.map { Array($0.utf8) }
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
        return match(0, path, 0)
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

    /// Whether components from `part` on match path components from `component` on.
    private func match(_ part: Int, _ path: PathComponents, _ component: Int) -> Bool {
        guard part < components.count else { return component == path.ranges.count }
        if isGlobstar[part] {
            // `**` may swallow zero or more components; patterns are short, so plain recursion is fine.
            var candidate = component
            while true {
                if match(part + 1, path, candidate) { return true }
                guard candidate < path.ranges.count else { return false }
                candidate += 1
            }
        }
        guard component < path.ranges.count,
              Self.matchComponent(components[part][...], path.bytes[path.ranges[component]]) else { return false }
        return match(part + 1, path, component + 1)
    }

    private static func matchComponent(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            var candidate = name
            while true {
                if matchComponent(pattern.dropFirst(), candidate) { return true }
                guard !candidate.isEmpty else { return false }
                candidate = candidate.dropFirst()
            }
        case UInt8(ascii: "?"):
            guard !name.isEmpty else { return false }
            return matchComponent(pattern.dropFirst(), name.dropFirst())
        default:
            guard name.first == first else { return false }
            return matchComponent(pattern.dropFirst(), name.dropFirst())
        }
    }
}
