import Foundation

/// How a build, step or test run ended.
public enum BuildOutcome: String, Codable, Sendable, CaseIterable, StrictRawDecodable {
    /// Finished and succeeded.
    case success
    /// Finished and failed.
    case failure
    /// Stopped before finishing (by a user, a newer commit, a time-out).
    case canceled
}

/// One step of a build: a pipeline shell step or a CI stage.
public struct StepRecord: Codable, Sendable, Equatable {
    /// The step's name, as the pipeline calls it.
    public var name: String
    /// Wall time in seconds.
    public var durationSeconds: Double
    /// How the step ended.
    public var outcome: BuildOutcome

    /// Creates a step record.
    public init(name: String, durationSeconds: Double, outcome: BuildOutcome) {
        self.name = name
        self.durationSeconds = durationSeconds
        self.outcome = outcome
    }
}

// MARK: - Strict decoding

/// A string enum whose decoding failure names the allowed values, so a report with
/// `"outcome": "ok"` is answered with `tasks[3].outcome: unknown value "ok"; expected one of …`
/// rather than a bare "data corrupted".
public protocol StrictRawDecodable: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension StrictRawDecodable {
    /// Decodes the raw string, failing with the list of allowed values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let value = Self(rawValue: raw) else {
            let allowed = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown value \"\(raw)\"; expected one of: \(allowed)"
            )
        }
        self = value
    }
}
