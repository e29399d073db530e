import MemberwiseInit

/// A configuration value that cannot be used, with where it came from.
///
/// Settings are read from flags and the environment in several modules (the server's own,
/// the build-metrics rules, the release train's credentials); each names the setting at
/// fault the same way, so a start-up failure always says which variable to fix.
@MemberwiseInit(.public)
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The flag or environment variable at fault.
    public var setting: String
    /// What is wrong and what is accepted.
    public var message: String

    /// The message.
    public var description: String { message }
}
