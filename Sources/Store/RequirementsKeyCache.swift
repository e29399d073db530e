import Core
import Foundation
import Synchronization

/// Requirement keys (the canonical JSON in `job.requirementsKey`) already read back into
/// ``AgentRequirements``.
///
/// Every pick reads each pending key and asks whether the agent satisfies it; a key is a pure
/// function of its text and there are a handful of them (one per distinct set of tags), so
/// decoding each once instead of with `JSONDecoder` on every pick is safe.
package final class RequirementsKeyCache: Sendable {
    /// More distinct keys than this means something unusual; start over rather than grow.
    private static let capacity = 1_024
    private let parsed = Mutex<[String: AgentRequirements]>([:])

    /// The requirements a key stands for; an unreadable key gets a requirement no agent has,
    /// so its jobs wait (with their reason) instead of going to the wrong agent.
    package func requirements(of key: String) -> AgentRequirements {
        if let known = parsed.withLock({ $0[key] }) { return known }
        let requirements = (try? JSONDecoder().decode(AgentRequirements.self, from: Data(key.utf8))) ?? AgentRequirements(["unreadable": []])
        parsed.withLock { parsed in
            if parsed.count >= Self.capacity { parsed.removeAll() }
            parsed[key] = requirements
        }
        return requirements
    }
}

extension RequirementsKeyCache {
    /// The process's one cache of read requirement keys, shared by every store backend.
    package static let shared = RequirementsKeyCache()
}
