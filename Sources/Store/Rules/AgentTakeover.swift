import Core
import Foundation

/// Whether an agent registering again may take over the row of the agent with its name.
///
/// A restarted agent (an Xcode upgrade on a Mac mini, a new `--server` list) registers again
/// with the same name and registration token. It gets the same agent row back, with its id,
/// new token, tags and slots, instead of a second row beside an `offline` one. Only a row of
/// the same registration token is taken over, so a name is never taken over by an agent that
/// joined with another registration token (it gets a row of its own). And only a row that is
/// not online: a second process running under the same name is refused, rather than the two
/// taking the row from each other at every poll. Applied by both store backends.
package enum AgentTakeover {
    /// Throws while the agent that holds the name is online (heard from within the lease).
    /// - Throws: `StoreError.conflict`, which the HTTP layer answers `409 agent_name_in_use`.
    package static func check(_ holder: Agent, presence: AgentPresence) throws(StoreError) {
        guard presence.isOnline else { return }
        throw .conflict(
            "an agent named \(holder.name) (id \(holder.id)) joined with this registration token and is \(presence.rawValue), "
                + "last heard at \(UTCDateText.iso8601(holder.lastSeenAt)); stop it, or give this agent another --name. "
                + "After a crash, the name is free once the old agent has been silent for the lease")
    }
}
