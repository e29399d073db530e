// MARK: - ReleaseTransitionError

/// Why an action was refused, with what would have been accepted: the server answers 409
/// with ``offered``, and the CLI prints ``description``.
public struct ReleaseTransitionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The specific problem.
    public enum Kind: Sendable, Hashable {
        /// The action is not possible in the current state.
        case notAllowed
        /// The gate is not one of the release's sign-off gates.
        case unknownGate(String, known: [String])
        /// `submit` while these gates are still unsigned.
        case gatesMissing([String])
        /// A rollout percentage outside 0–100.
        case invalidPercent(Double)
    }

    /// The specific problem.
    public var kind: Kind
    /// The refused action.
    public var action: ReleaseActionName
    /// The release's state when it was refused.
    public var state: ReleaseState
    /// The actions the release accepts in that state, the train's own steps included.
    public var allowed: [ReleaseActionName]
    /// What a person can do instead (``ReleaseMachine/userActions``).
    public var offered: [ReleaseUserAction]

    /// A stable snake_case code for the API's error body.
    public var code: String {
        switch kind {
        case .notAllowed: "invalid_transition"
        case .unknownGate: "unknown_gate"
        case .gatesMissing: "signoff_incomplete"
        case .invalidPercent: "invalid_rollout_percent"
        }
    }

    /// One sentence naming the action, the state and the way forward.
    public var description: String {
        let allowedText = offered.isEmpty
            ? "nothing more can happen to a \(state) release"
            : "allowed now: \(offered.map(\.rawValue).joined(separator: ", "))"
        switch kind {
        case .notAllowed:
            return "cannot \(action) a release that is \(state); \(allowedText)"
        case .gatesMissing(let gates):
            return "cannot submit yet: gate\(gates.count == 1 ? "" : "s") \(gates.joined(separator: ", ")) not signed; \(allowedText)"
        case .unknownGate(let gate, let known):
            let gates = known.isEmpty ? "this release has no sign-off gates" : "its gates are \(known.joined(separator: ", "))"
            return "'\(gate)' is not a sign-off gate of this release; \(gates)"
        case .invalidPercent(let percent):
            return "rollout percentage must be between 0 and 100, found \(percent)"
        }
    }
}
