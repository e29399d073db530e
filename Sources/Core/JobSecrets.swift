import Foundation
import MemberwiseInit

/// The answer to `POST /api/v1/agent/jobs/{id}/secrets`: the values of the secrets the job's
/// step lists that its build may have, and the names it was refused with the reason.
///
/// The agent gives an environment secret to the commands as a variable of its name, and
/// writes a file secret to `MOBILE_OPS_SECRETS_DIR/NAME` (mode 0600), with the variable of its
/// name holding that path.
@MemberwiseInit(.public)
public struct JobSecrets: Codable, Sendable, Equatable {
    /// One secret given to the job.
    @MemberwiseInit(.public)
    public struct Value: Codable, Sendable, Equatable {
        /// The secret's name (`[A-Z_][A-Z0-9_]*`).
        public var name: String
        /// How the job receives it.
        public var kind: Kind
        /// The value's bytes (base64 in JSON).
        public var value: Data
    }

    /// How a job receives a secret.
    public enum Kind: String, Codable, Sendable {
        /// An environment variable holding the value (UTF-8 text).
        case env
        /// A file holding the value; the variable holds the file's path.
        case file
    }

    /// A listed secret the job does not get, and why (for the job's log).
    @MemberwiseInit(.public)
    public struct Denial: Codable, Sendable, Equatable {
        /// The secret's name.
        public var name: String
        /// Why, in words: no such secret for this repository, pipeline or branch; a pull
        /// request; a pull request from a fork.
        public var reason: String
    }

    /// The secrets the job gets.
    public var given: [Value]
    /// The secrets it listed and does not get.
    public var denied: [Denial]
}
