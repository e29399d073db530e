import Foundation
import MemberwiseInit

/// What sort of test suite a ``TestSuite`` is: `ui`, `unit`, `snapshot`, `benchmark`, or any
/// other word a build tool uses.
///
/// An open set rather than an enum, because the JSON graph format lets any tool name its own
/// kinds and a pipeline step filters on them by string.
@MemberwiseInit(.public)
public struct TestKind: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The kind as written in the graph and the report, lower-case by convention.
    public let rawValue: String

    /// UI (instrumented, XCUITest, Espresso) suites: the slow ones impact analysis exists for.
    public static let ui = TestKind(rawValue: "ui")
    /// Unit tests run on the host or a simulator without UI automation.
    public static let unit = TestKind(rawValue: "unit")
    /// Snapshot / screenshot comparison suites.
    public static let snapshot = TestKind(rawValue: "snapshot")
    /// Performance suites.
    public static let benchmark = TestKind(rawValue: "benchmark")

    /// The kind's name.
    public var description: String { rawValue }

    /// Orders by name so reports are stable.
    public static func < (lhs: TestKind, rhs: TestKind) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    // MARK: Codable as a bare string

    /// Reads a bare JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes a bare JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    // MARK: Naming conventions

    /// The kind a test target's name suggests: `…UITests` is UI, `…SnapshotTests` snapshot,
    /// `…BenchmarkTests`/`…PerformanceTests` benchmark, anything else unit.
    public static func guessed(fromTargetName name: String) -> TestKind {
        let lower = name.lowercased()
        if lower.hasSuffix("uitests") || lower.hasSuffix("uitest") { return .ui }
        if lower.hasSuffix("snapshottests") || lower.hasSuffix("snapshottest") { return .snapshot }
        if lower.hasSuffix("benchmarktests") || lower.hasSuffix("performancetests") { return .benchmark }
        return .unit
    }
}
