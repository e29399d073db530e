import Foundation

extension BuildReport {
    /// Bounds a report must stay within. They are generous for real builds and exist so one
    /// broken or hostile client cannot fill the database.
    public enum Limits {
        /// Most tasks one report may carry.
        public static let maxTasks = 100_000
        /// Most steps one report may carry.
        public static let maxSteps = 1_000
        /// Most failed tests listed in one report.
        public static let maxTestFailures = 10_000
        /// Most test cases listed in one report (`tests.cases`).
        public static let maxTestCases = 100_000
        /// Most parser warnings carried by one report (`tests.warnings`), and the longest kept.
        public static let maxTestWarnings = 200
        /// Longest parser warning accepted.
        public static let maxWarningLength = 4_096
        /// Most attempts of one test case in one report.
        public static let maxTestAttempts = 1_000
        /// Largest test count (total, passed…) accepted: far above any real run, and small
        /// enough that sums of counts, here and in rollups, stay far from `Int.max`.
        public static let maxTestCount = 1_000_000_000
        /// Longest duration accepted for a build, step, task or queue wait: seven days.
        public static let maxDurationSeconds: Double = 7 * 24 * 3600
        /// Longest dimension value (repository, branch, machine…).
        public static let maxDimensionLength = 512
        /// Longest task, step or test name.
        public static let maxNameLength = 4_096
        /// Longest failure message kept.
        public static let maxMessageLength = 65_536
        /// How far `durationSeconds` may differ from `finishedAt - startedAt` (clock skew, rounding).
        public static let durationToleranceSeconds: Double = 60
    }

    // MARK: Validation

    /// Every rule the report breaks; empty when it is acceptable.
    public var problems: [ValidationProblem] {
        var checker = ReportChecker()
        checker.check(self)
        return checker.problems
    }

    /// Throws ``BuildReportError/invalid(_:)`` with every problem when the report breaks a rule.
    public func validate() throws(BuildReportError) {
        let problems = problems
        if !problems.isEmpty { throw .invalid(problems) }
    }
}

/// Collects problems field by field, so one answer lists them all.
private struct ReportChecker {
    var problems: [ValidationProblem] = []
    typealias Limits = BuildReport.Limits

    mutating func check(_ report: BuildReport) {
        if let id = report.id { text(id, at: "id", max: Limits.maxDimensionLength, required: true) }
        if let commit = report.commit { text(commit, at: "commit", max: Limits.maxDimensionLength, required: true) }
        dimensions(report.dimensions)
        times(report)
        if let queue = report.queueSeconds { duration(queue, at: "queueSeconds") }
        if report.steps.count > Limits.maxSteps {
            add("steps", "\(report.steps.count) steps; at most \(Limits.maxSteps) are accepted")
        } else {
            for (index, step) in report.steps.enumerated() {
                text(step.name, at: "steps[\(index)].name", max: Limits.maxNameLength, required: true)
                duration(step.durationSeconds, at: "steps[\(index)].durationSeconds")
            }
        }
        if report.tasks.count > Limits.maxTasks {
            add("tasks", "\(report.tasks.count) tasks; at most \(Limits.maxTasks) are accepted")
        } else {
            for (index, task) in report.tasks.enumerated() {
                text(task.name, at: "tasks[\(index)].name", max: Limits.maxNameLength, required: true)
                if let target = task.target { text(target, at: "tasks[\(index)].target", max: Limits.maxNameLength, required: false) }
                if let seconds = task.durationSeconds { duration(seconds, at: "tasks[\(index)].durationSeconds") }
            }
        }
        if let tests = report.tests { self.tests(tests) }
    }

    // MARK: Sections

    private mutating func dimensions(_ dimensions: BuildDimensions) {
        text(dimensions.repository, at: "dimensions.repository", max: Limits.maxDimensionLength, required: true)
        let optional: [(String, String?)] = [
            ("branch", dimensions.branch), ("pipeline", dimensions.pipeline), ("machine", dimensions.machine),
            ("xcodeVersion", dimensions.xcodeVersion), ("gradleVersion", dimensions.gradleVersion),
        ]
        for (name, value) in optional {
            if let value { text(value, at: "dimensions.\(name)", max: Limits.maxDimensionLength, required: true) }
        }
    }

    private mutating func times(_ report: BuildReport) {
        if let duration = report.durationSeconds { self.duration(duration, at: "durationSeconds") }
        if report.durationSeconds == nil, report.startedAt == nil || report.finishedAt == nil {
            add("durationSeconds", "give durationSeconds, or both startedAt and finishedAt")
        }
        guard let start = report.startedAt, let finish = report.finishedAt else { return }
        let span = finish.timeIntervalSince(start)
        if span < 0 {
            add("finishedAt", "is \(-span)s before startedAt")
        } else if span > Limits.maxDurationSeconds {
            add("finishedAt", "is more than 7 days after startedAt")
        } else if let duration = report.durationSeconds, duration.isFinite,
                  abs(duration - span) > Limits.durationToleranceSeconds {
            add("durationSeconds", "\(duration) disagrees with finishedAt - startedAt (\(span))")
        }
    }

    private mutating func tests(_ tests: TestSummary) {
        let counts = [("total", tests.total), ("passed", tests.passed), ("failed", tests.failed),
                      ("skipped", tests.skipped), ("flaky", tests.flaky), ("retried", tests.retried)]
        for (name, value) in counts {
            if value < 0 {
                add("tests.\(name)", "must not be negative")
            } else if value > Limits.maxTestCount {
                add("tests.\(name)", "\(value) is more than \(Limits.maxTestCount) tests")
            }
        }
        // Checked: the counts are the client's, and a wrapped sum traps (or, unchecked, lies).
        let (partial, overflowA) = tests.passed.addingReportingOverflow(tests.failed)
        let (counted, overflowB) = partial.addingReportingOverflow(tests.skipped)
        if overflowA || overflowB {
            add("tests", "passed + failed + skipped is too large to add up")
        } else if counted > tests.total {
            add("tests", "passed + failed + skipped (\(counted)) exceeds total (\(tests.total))")
        }
        if tests.flaky > tests.passed { add("tests.flaky", "a flaky test passed in the end, so flaky cannot exceed passed") }
        duration(tests.durationSeconds, at: "tests.durationSeconds")
        if tests.failures.count > Limits.maxTestFailures {
            add("tests.failures", "\(tests.failures.count) failures; at most \(Limits.maxTestFailures) are accepted")
            return
        }
        for (index, failure) in tests.failures.enumerated() {
            text(failure.name, at: "tests.failures[\(index)].name", max: Limits.maxNameLength, required: true)
            text(failure.suite, at: "tests.failures[\(index)].suite", max: Limits.maxNameLength, required: false)
            if let message = failure.message {
                text(message, at: "tests.failures[\(index)].message", max: Limits.maxMessageLength, required: false)
            }
        }
        cases(tests.cases)
        if tests.warnings.count > Limits.maxTestWarnings {
            add("tests.warnings", "\(tests.warnings.count) warnings; at most \(Limits.maxTestWarnings) are accepted")
        } else {
            for (index, warning) in tests.warnings.enumerated() {
                text(warning, at: "tests.warnings[\(index)]", max: Limits.maxWarningLength, required: true)
            }
        }
    }

    private mutating func cases(_ cases: [TestCaseResult]) {
        guard cases.count <= Limits.maxTestCases else {
            add("tests.cases", "\(cases.count) test cases; at most \(Limits.maxTestCases) are accepted")
            return
        }
        for (index, test) in cases.enumerated() {
            text(test.name, at: "tests.cases[\(index)].name", max: Limits.maxNameLength, required: true)
            text(test.suite, at: "tests.cases[\(index)].suite", max: Limits.maxNameLength, required: false)
            if !(1...Limits.maxTestAttempts).contains(test.attempts) {
                add("tests.cases[\(index)].attempts", "must be between 1 and \(Limits.maxTestAttempts) (got \(test.attempts))")
            }
            if let seconds = test.durationSeconds { duration(seconds, at: "tests.cases[\(index)].durationSeconds") }
            if let message = test.message { text(message, at: "tests.cases[\(index)].message", max: Limits.maxMessageLength, required: false) }
            if let file = test.file { text(file, at: "tests.cases[\(index)].file", max: Limits.maxNameLength, required: true) }
            if let line = test.line, line < 1 { add("tests.cases[\(index)].line", "must be 1 or more (got \(line))") }
        }
    }

    // MARK: Primitives

    // Paths are autoclosures: a report has hundreds of fields, and only a broken one needs
    // its path (`tasks[117].name`) built.

    private mutating func duration(_ value: Double, at path: @autoclosure () -> String) {
        if !value.isFinite {
            add(path(), "must be a finite number of seconds")
        } else if value < 0 {
            add(path(), "must not be negative (got \(value))")
        } else if value > Limits.maxDurationSeconds {
            add(path(), "\(value)s is longer than 7 days")
        }
    }

    private mutating func text(_ value: String, at path: @autoclosure () -> String, max: Int, required: Bool) {
        if required, value.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            add(path(), "must not be empty")
        } else if value.utf8.count > max {
            add(path(), "is \(value.utf8.count) bytes long; at most \(max) are accepted")
        }
    }

    private mutating func add(_ path: String, _ message: String) {
        problems.append(ValidationProblem(path: path, message: message))
    }
}
