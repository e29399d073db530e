import Hummingbird

/// Every registered path pattern with its methods, to tell 404 from 405.
///
/// Hummingbird answers an unknown path and a known path with the wrong method the same
/// way (404); the contract wants 405 with an `Allow` header for the second.
public struct RouteTable: Sendable {
    private var patterns: [(segments: [Substring], methods: Set<String>)] = []

    /// An empty table.
    public init() {}

    /// Records that `path` answers `method`.
    public mutating func add(_ method: HTTPRequest.Method, _ path: String) {
        let segments = Self.segments(of: path)
        if let index = patterns.firstIndex(where: { $0.segments == segments }) {
            patterns[index].methods.insert(method.rawValue)
        } else {
            patterns.append((segments, [method.rawValue]))
        }
    }

    /// The methods some route answers for this concrete path, sorted; empty when none matches.
    public func allowedMethods(for path: String) -> [String] {
        let requested = Self.segments(of: path)
        var allowed = Set<String>()
        for pattern in patterns where Self.matches(pattern.segments, requested) {
            allowed.formUnion(pattern.methods)
        }
        return allowed.sorted()
    }

    private static func segments(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func matches(_ pattern: [Substring], _ path: [Substring]) -> Bool {
        // `**` last takes the rest of the path: one segment or more.
        if pattern.last == "**" {
            guard path.count >= pattern.count else { return false }
            return matches(Array(pattern.dropLast()), Array(path.prefix(pattern.count - 1)))
        }
        guard pattern.count == path.count else { return false }
        return zip(pattern, path).allSatisfy { pattern, actual in
            pattern.hasPrefix(":") || pattern == "*" || pattern == actual
        }
    }
}
