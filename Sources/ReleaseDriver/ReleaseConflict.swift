import Foundation
import MemberwiseInit
import ReleaseTrain

// MARK: - ReleaseConflict

/// A refused release action, with the actions the release accepts now, so a script can
/// offer them and a person reads them in the message.
@MemberwiseInit(.public)
public struct ReleaseConflict: Error, Sendable {
    /// `invalid_transition`, `signoff_incomplete`, `unknown_gate` …
    public var code: String
    /// The sentence naming the action, the state and what is allowed.
    public var message: String
    /// What a person can do instead, by the API's action names.
    public var allowed: [String]

    /// The machine's refusal.
    public init(_ error: ReleaseTransitionError) {
        self.code = error.code
        self.message = error.description
        self.allowed = error.offered.map(\.rawValue)
    }
}
