// MARK: - ReleaseUserAction

/// Something a person can do to a release, by the name `POST /api/v1/releases/{id}/{action}`
/// and the CLI's `release` commands use. The machine's other actions (`cut_branch`,
/// `rc_build_started`, `submitted`, `rollout_step` …) are the train's own steps: a person takes
/// the next of those with `advance`.
public enum ReleaseUserAction: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Sign a gate.
    case approve
    /// Take the next forward step now (``ReleaseMachine/forwardAction``).
    case advance
    /// Stop the release (and a rollout on the stores).
    case halt
    /// Continue a halted release.
    case resume
    /// Start a hotfix on top of a released version.
    case hotfix
    /// Call the release off before users have it.
    case cancel
    /// Give the release up, also once users have it.
    case fail

    /// The API name.
    public var description: String { rawValue }
}

// MARK: - What a person can do now

extension ReleaseMachine {
    /// The actions a person can take in this state, in the order people need them: what a
    /// release shows as its next steps, and what a refused action lists instead. `approve` is
    /// offered while a gate is unsigned, `advance` while there is a forward step.
    public var userActions: [ReleaseUserAction] {
        let allowed = allowedActions
        var actions: [ReleaseUserAction] = []
        if allowed.contains(.approve), !missingGates.isEmpty { actions.append(.approve) }
        if forwardAction != nil { actions.append(.advance) }
        let direct: [(ReleaseActionName, ReleaseUserAction)] = [(.halt, .halt), (.resume, .resume), (.hotfix, .hotfix), (.cancel, .cancel), (.fail, .fail)]
        for (name, action) in direct where allowed.contains(name) {
            actions.append(action)
        }
        return actions
    }
}
