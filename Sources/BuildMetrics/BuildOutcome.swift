import Foundation
import MemberwiseInit

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
@MemberwiseInit(.public)
public struct StepRecord: Codable, Sendable, Equatable {
    /// The step's name, as the pipeline calls it.
    public var name: String
    /// Wall time in seconds.
    public var durationSeconds: Double
    /// How the step ended.
    public var outcome: BuildOutcome
}

// MARK: - Strict decoding

/// A string enum whose decoding failure names the allowed values, so a report with
/// `"outcome": "ok"` is answered with `tasks[3].outcome: unknown value "ok"; expected one of …`
/// rather than a bare "data corrupted".
///
/// Decoded by ``BuildReport/decode(_:)`` (which passes a ``ReportProblemCollector``), an
/// unreadable value is recorded as a problem and replaced by the first case, so decoding goes
/// on and the answer lists every problem of the report; the report is rejected all the same.
public protocol StrictRawDecodable: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension StrictRawDecodable {
    /// Decodes the raw string, failing (or, with a collector, recording a problem) with the
    /// list of allowed values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let allowed = Self.allCases.map(\.rawValue).joined(separator: ", ")
        let collector = decoder.userInfo[ReportProblemCollector.key] as? ReportProblemCollector
        guard let collector, let placeholder = Self.allCases.first else {
            let raw = try container.decode(String.self)
            guard let value = Self(rawValue: raw) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown value \"\(raw)\"; expected one of: \(allowed)")
            }
            self = value
            return
        }
        guard let raw = try? container.decode(String.self) else {
            collector.add(at: decoder.codingPath, "expected a string, one of: \(allowed)")
            self = placeholder
            return
        }
        guard let value = Self(rawValue: raw) else {
            // The value is client text: quoted, and cut so a huge one cannot swell the answer.
            collector.add(at: decoder.codingPath, "unknown value \"\(raw.prefix(64))\"; expected one of: \(allowed)")
            self = placeholder
            return
        }
        self = value
    }
}
