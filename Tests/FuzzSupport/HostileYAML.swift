/// YAML documents built to exhaust a reader: exponential alias expansion and nesting far past
/// any limit. Small to write, so every YAML reader's tests can try them on its own format.
public enum HostileYAML {
    /// How an alias bomb's biggest node is used.
    public enum Detonation: Sendable, CaseIterable {
        /// As a value: `boom: *a8`.
        case value
        /// As a mapping key, which Yams hashes to find duplicates: `? *a8`.
        case key
        /// Merged into a map (`<<: *a8`), which readers that support merge keys expand.
        case mergeKey
    }

    /// Nine levels of nine aliases each ("billion laughs"): about 387 million nodes from
    /// under 400 bytes, after the `header` lines (`name: bomb`).
    public static func billionLaughs(header: [String] = ["name: bomb"], detonation: Detonation = .value) -> String {
        var lines = header
        switch detonation {
        case .value, .key:
            lines.append("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]")
            for level in 1...8 {
                lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
            }
            lines.append(detonation == .key ? "? *a8\n: boom" : "boom: *a8")
        case .mergeKey:
            // Maps merging maps: each level's merge list names the level below nine times.
            lines.append("a0: &a0 {k0: lol, k1: lol, k2: lol, k3: lol, k4: lol, k5: lol, k6: lol, k7: lol, k8: lol}")
            for level in 1...8 {
                lines.append("a\(level): &a\(level) {<<: [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]}")
            }
            lines.append("boom:\n  <<: *a8")
        }
        return lines.joined(separator: "\n")
    }

    /// A way of nesting lists and maps, each to be repeated far past any reader's limit.
    public enum Nesting: String, Sendable, CaseIterable {
        /// Flow sequences: `[[[…]]]`.
        case flowSequence
        /// Flow mappings: `{a: {a: … 1}}`.
        case flowMapping
        /// Block sequences on one line: `- - - … x`.
        case blockSequence

        /// The document nesting `depth` levels this way.
        public func document(depth: Int) -> String {
            switch self {
            case .flowSequence: String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            case .flowMapping: String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
            case .blockSequence: String(repeating: "- ", count: depth) + "x"
            }
        }
    }
}
