import Foundation
import MemberwiseInit

/// What a parser could read from one build log or test-result file. Parsers never throw: a
/// garbled or truncated input gives what was readable plus ``warnings``.
public struct ParseResult: Codable, Sendable, Equatable {
    /// The format that was parsed.
    public var format: BuildOutputFormat
    /// How the build (or test run) ended, when the input says so.
    public var outcome: BuildOutcome?
    /// Total wall time the tool reported (`BUILD SUCCESSFUL in 1m 23s`, `[67.8 sec]`, a step's duration).
    public var durationSeconds: Double?
    /// Gradle tasks or Xcode targets, in the order first seen.
    public var tasks: [TaskRecord]
    /// Gradle's `N actionable tasks: …` line, as printed.
    public var actionableTasks: ActionableTaskSummary?
    /// xcodebuild's `-showBuildTimingSummary` section, in printed order.
    public var timingSummary: [TimingEntry]
    /// Test results, when the input had any.
    public var tests: TestSummary?
    /// Compiler/build errors the log reports (distinct lines).
    public var errorCount: Int
    /// Compiler/build warnings the log reports (distinct lines).
    public var warningCount: Int
    /// The first error messages, for a human reading the summary.
    public var errorMessages: [String]
    /// Problems the parser met: unknown lines it expected to understand, truncation, bad values.
    public var warnings: [ParseWarning]

    /// An empty result for a format.
    public init(format: BuildOutputFormat) {
        self.format = format
        outcome = nil
        durationSeconds = nil
        tasks = []
        actionableTasks = nil
        timingSummary = []
        tests = nil
        errorCount = 0
        warningCount = 0
        errorMessages = []
        warnings = []
    }

    // MARK: Collecting

    /// Most warnings kept; the rest are counted in one closing warning.
    static let maxWarnings = 100
    /// Most error messages kept.
    static let maxErrorMessages = 50

    /// Adds a warning unless the list is full, in which case the overflow is counted.
    mutating func warn(_ message: String, line: Int? = nil) {
        if warnings.count < Self.maxWarnings {
            warnings.append(ParseWarning(line: line, message: message))
        } else if warnings.count == Self.maxWarnings {
            warnings.append(ParseWarning(line: nil, message: "further warnings omitted"))
        }
    }

    /// Keeps an error message unless enough are kept already.
    mutating func keepErrorMessage(_ message: String) {
        if errorMessages.count < Self.maxErrorMessages { errorMessages.append(message) }
    }
}

/// A problem a parser met, with the 1-based line when it has one.
@MemberwiseInit(.public)
public struct ParseWarning: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// 1-based line number in the input, when meaningful.
    public var line: Int?
    /// What was wrong.
    public var message: String

    /// `line 12: message` or `message`.
    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// Gradle's closing `N actionable tasks: X executed, Y from cache, Z up-to-date` line.
@MemberwiseInit(.public)
public struct ActionableTaskSummary: Codable, Sendable, Equatable {
    /// N: tasks that had actions.
    public var actionable: Int
    /// X: tasks that ran.
    public var executed: Int = 0
    /// Y: tasks restored from the build cache.
    public var fromCache: Int = 0
    /// Z: tasks that were up to date.
    public var upToDate: Int = 0
}

/// One line of xcodebuild's build timing summary: `CompileSwiftSources (12 tasks) | 45.123 seconds`.
@MemberwiseInit(.public)
public struct TimingEntry: Codable, Sendable, Equatable {
    /// The kind of work (`CompileSwiftSources`, `Ld`, `PhaseScriptExecution`).
    public var name: String
    /// How many tasks of that kind ran.
    public var taskCount: Int
    /// Their summed duration in seconds.
    public var seconds: Double
}
