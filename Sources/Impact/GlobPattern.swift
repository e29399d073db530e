import Foundation

/// A path pattern of run-all triggers: `*` and `?` match within one path component, `**`
/// matches any number of components. A pattern is anchored at the project root, so
/// `build.gradle.kts` is the root build file only and `**/*.versions.toml` any catalog.
public struct GlobPattern: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let components: [Substring]

    /// Compiles a pattern; a trailing `/` means "this folder and all below it".
    public init(_ pattern: String) {
        self.pattern = pattern
        var parts = pattern.split(separator: "/", omittingEmptySubsequences: true)
        if pattern.hasSuffix("/") { parts.append("**") }
        components = parts
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether a normalized project-relative path matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return Self.match(components[...], parts[...])
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

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            // `**` may swallow zero or more components; patterns are short, so plain recursion is fine.
            var candidate = path
            while true {
                if match(rest, candidate) { return true }
                guard !candidate.isEmpty else { return false }
                candidate = candidate.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(head.utf8[...], component.utf8[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchComponent(_ pattern: Substring.UTF8View.SubSequence, _ name: Substring.UTF8View.SubSequence) -> Bool {
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
