// MARK: - ContainerError

/// `build()` failed: validation found errors, or an eager singleton could not be created.
///
/// ``problems`` holds every finding at once (errors and warnings), each with its path;
/// ``report`` (also the description) lists them for a human:
///
/// ```text
/// Container validation failed: 2 errors, 1 warning
///   error[missing_registration] Server → BuildScheduler → JobStore: not registered
///   error[cycle] A → B → C → A: dependency cycle
///   warning[unused_registration] LegacyMailer: registered but never used
/// ```
public struct ContainerError: Error, Sendable, CustomStringConvertible {
    /// Every finding, errors first, in a deterministic order.
    public let problems: [ValidationProblem]

    /// Creates an error from its problems.
    public init(problems: [ValidationProblem]) {
        self.problems = problems
    }

    /// The problems that fail the build.
    public var errors: [ValidationProblem] {
        self.problems.filter { $0.severity == .error }
    }

    /// The findings that alone would not have failed the build.
    public var warnings: [ValidationProblem] {
        self.problems.filter { $0.severity == .warning }
    }

    /// A human-readable list of every problem, one per line.
    public var report: String {
        let errors = self.errors.count
        let warnings = self.warnings.count
        var lines = [
            "Container validation failed: \(errors) error\(errors == 1 ? "" : "s"), "
                + "\(warnings) warning\(warnings == 1 ? "" : "s")"
        ]
        for problem in self.problems {
            lines.append("  \(problem.severity.rawValue)[\(problem.kind.rawValue)] \(problem)")
        }
        return lines.joined(separator: "\n")
    }

    /// The ``report``.
    public var description: String { self.report }
}
