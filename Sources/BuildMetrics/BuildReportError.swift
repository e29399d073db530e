import Foundation
import MemberwiseInit
import Synchronization

/// Why a build report was rejected. The whole report is rejected; nothing of it is stored.
public enum BuildReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body is not JSON of the report's shape: `path` names the field (`tasks[3].outcome`).
    case malformed(path: String, message: String)
    /// The body decoded but breaks the rules; every problem found is listed.
    case invalid([ValidationProblem])

    /// One paragraph for an API error message or a CLI line.
    public var description: String {
        switch self {
        case let .malformed(path, message):
            path.isEmpty ? "malformed report: \(message)" : "malformed report at \(path): \(message)"
        case let .invalid(problems):
            "invalid report: " + problems.map(\.description).joined(separator: "; ")
        }
    }

    /// The problems as a list (one entry for a malformed body).
    public var problems: [ValidationProblem] {
        switch self {
        case let .malformed(path, message): [ValidationProblem(path: path, message: message)]
        case let .invalid(problems): problems
        }
    }
}

/// One rule a report breaks, with the JSON path of the field (`tasks[12].durationSeconds`).
@MemberwiseInit(.public)
public struct ValidationProblem: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Path of the offending field; empty for the report as a whole.
    public var path: String
    /// What is wrong and what is expected.
    public var message: String

    /// `path: message`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

// MARK: - Problems found while decoding

/// Problems found while decoding a report, so an unknown enum value (`"outcome": "meh"`) is
/// listed with every other broken rule instead of stopping the decoder at the first one.
///
/// ``BuildReport/decode(_:)`` puts one in the decoder's `userInfo`; ``StrictRawDecodable``
/// values record what they cannot read here and stand in with a placeholder, and the report is
/// then rejected with the collected problems and those of ``BuildReport/validate()``.
final class ReportProblemCollector: Sendable {
    /// The `userInfo` key the collector is found under.
    static let key = CodingUserInfoKey(rawValue: "mobile-ops.report-problems")!

    private let found = Mutex<[ValidationProblem]>([])

    /// Records one problem at a decoder's coding path.
    func add(at codingPath: [any CodingKey], _ message: String) {
        let problem = ValidationProblem(path: BuildReportError.path(codingPath), message: message)
        found.withLock { $0.append(problem) }
    }

    /// Everything recorded, in decoding order.
    var problems: [ValidationProblem] { found.withLock { $0 } }
}

// MARK: - Decoding errors as paths

extension BuildReportError {
    /// Turns a `DecodingError` into `.malformed` with a readable field path.
    static func from(_ error: DecodingError) -> BuildReportError {
        switch error {
        case let .typeMismatch(type, context):
            .malformed(path: path(context.codingPath), message: "expected \(describe(type)); \(context.debugDescription)")
        case let .valueNotFound(type, context):
            .malformed(path: path(context.codingPath), message: "expected \(describe(type)), found null")
        case let .keyNotFound(key, context):
            .malformed(path: path(context.codingPath + [key]), message: "required field is missing")
        case let .dataCorrupted(context):
            .malformed(path: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            .malformed(path: "", message: "\(error)")
        }
    }

    /// `tasks[3].outcome` from a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
