/// What a job needs of an agent: for each tag, the values it accepts.
///
/// `platform=ios, xcode=16.2` is satisfied by an agent tagged `platform=ios, xcode=16.2,
/// arch=arm64`; tags the job does not mention do not matter. Values compare as strings.
public struct AgentRequirements: Codable, Sendable, Equatable, Hashable {
    /// Tag name → acceptable values (any one of them).
    public var tags: [String: [String]]

    /// Creates requirements from tag name → acceptable values.
    public init(_ tags: [String: [String]] = [:]) {
        self.tags = tags
    }

    /// Whether an agent with these tags may run the job.
    public func isSatisfied(by agentTags: [String: String]) -> Bool {
        tags.allSatisfy { name, accepted in
            guard let value = agentTags[name] else { return false }
            return accepted.isEmpty || accepted.contains(value)
        }
    }

    /// The requirements the given tags miss, for a pending reason, e.g. `xcode=16.2`.
    public func unmet(by agentTags: [String: String]) -> [String] {
        tags.keys.sorted().compactMap { name in
            let accepted = tags[name] ?? []
            if let value = agentTags[name], accepted.isEmpty || accepted.contains(value) { return nil }
            return "\(name)=\(accepted.joined(separator: "|"))"
        }
    }

    /// `platform=ios, xcode=16.2`, sorted, for messages.
    public var description: String {
        tags.keys.sorted().map { "\($0)=\((tags[$0] ?? []).joined(separator: "|"))" }.joined(separator: ", ")
    }
}
