import Foundation
import JSONScanning

// MARK: - BuildReportFastDecoder

/// Reads a well-formed report straight from its bytes, without `JSONDecoder`.
///
/// A fleet posts hundreds of 200-task reports a second, and `JSONDecoder` was the largest cost
/// of taking them in. This reader gives the same report `JSONDecoder` would, or `nil` as soon
/// as anything is unusual: an unknown or repeated key, `null` where a value is required, a
/// string with escapes, an integer written as `1.0`, an unknown enum value, a bad date.
/// ``BuildReport/decode(_:)`` then decodes with `JSONDecoder`, which accepts what is merely
/// unusual and explains what is wrong with a field path.
enum BuildReportFastDecoder {
    /// The report in `data`, or `nil` to fall back to `JSONDecoder`.
    static func decode(_ data: Data) -> BuildReport? {
        data.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            guard let report = report(&scanner) else { return nil }
            scanner.skipWhitespace()
            return scanner.isAtEnd ? report : nil
        }
    }

    // MARK: Objects

    private static func report(_ s: inout JSONScanner) -> BuildReport? {
        var id: String?, dimensions: BuildDimensions?, startedAt: Date?, finishedAt: Date?
        var durationSeconds: Double?, queueSeconds: Double?, outcome: BuildOutcome?
        var steps: [StepRecord]?, tasks: [TaskRecord]?, tests: TestSummary?, commit: String?
        var seen = KeySet()
        let read = s.members { s, key in
            switch key {
            case "id": seen.insert(0) && assign(&id, &s) { $0.plainString() }
            case "dimensions": seen.insert(1) && require(&dimensions, &s, Self.dimensions)
            case "startedAt": seen.insert(2) && assign(&startedAt, &s, date)
            case "finishedAt": seen.insert(3) && assign(&finishedAt, &s, date)
            case "durationSeconds": seen.insert(4) && assign(&durationSeconds, &s) { $0.double() }
            case "queueSeconds": seen.insert(5) && assign(&queueSeconds, &s) { $0.double() }
            case "outcome": seen.insert(6) && require(&outcome, &s, rawValue)
            case "steps": seen.insert(7) && assign(&steps, &s) { list(&$0, step) }
            case "tasks": seen.insert(8) && assign(&tasks, &s) { list(&$0, task) }
            case "tests": seen.insert(9) && assign(&tests, &s, Self.tests)
            case "commit": seen.insert(10) && assign(&commit, &s) { $0.plainString() }
            default: false
            }
        }
        guard read, let dimensions, let outcome else { return nil }
        return BuildReport(
            id: id, dimensions: dimensions, startedAt: startedAt, finishedAt: finishedAt, durationSeconds: durationSeconds,
            queueSeconds: queueSeconds, outcome: outcome, steps: steps ?? [], tasks: tasks ?? [], tests: tests, commit: commit)
    }

    private static func dimensions(_ s: inout JSONScanner) -> BuildDimensions? {
        var repository: String?, branch: String?, pipeline: String?, platform: Platform?, machine: String?
        var xcodeVersion: String?, gradleVersion: String?, environment: BuildEnvironment?, buildKind: BuildKind?
        var seen = KeySet()
        let read = s.members { s, key in
            switch key {
            case "repository": seen.insert(0) && require(&repository, &s) { $0.plainString() }
            case "branch": seen.insert(1) && assign(&branch, &s) { $0.plainString() }
            case "pipeline": seen.insert(2) && assign(&pipeline, &s) { $0.plainString() }
            case "platform": seen.insert(3) && assign(&platform, &s, rawValue)
            case "machine": seen.insert(4) && assign(&machine, &s) { $0.plainString() }
            case "xcodeVersion": seen.insert(5) && assign(&xcodeVersion, &s) { $0.plainString() }
            case "gradleVersion": seen.insert(6) && assign(&gradleVersion, &s) { $0.plainString() }
            case "environment": seen.insert(7) && assign(&environment, &s, rawValue)
            case "buildKind": seen.insert(8) && assign(&buildKind, &s, rawValue)
            default: false
            }
        }
        guard read, let repository else { return nil }
        return BuildDimensions(
            repository: repository, branch: branch, pipeline: pipeline, platform: platform, machine: machine,
            xcodeVersion: xcodeVersion, gradleVersion: gradleVersion, environment: environment, buildKind: buildKind)
    }

    private static func step(_ s: inout JSONScanner) -> StepRecord? {
        var name: String?, durationSeconds: Double?, outcome: BuildOutcome?
        var seen = KeySet()
        let read = s.members { s, key in
            switch key {
            case "name": seen.insert(0) && require(&name, &s) { $0.plainString() }
            case "durationSeconds": seen.insert(1) && require(&durationSeconds, &s) { $0.double() }
            case "outcome": seen.insert(2) && require(&outcome, &s, rawValue)
            default: false
            }
        }
        guard read, let name, let durationSeconds, let outcome else { return nil }
        return StepRecord(name: name, durationSeconds: durationSeconds, outcome: outcome)
    }

    private static func task(_ s: inout JSONScanner) -> TaskRecord? {
        var name: String?, target: String?, durationSeconds: Double?, outcome: TaskOutcome?, cacheKind: CacheKind?
        var seen = KeySet()
        let read = s.members { s, key in
            switch key {
            case "name": seen.insert(0) && require(&name, &s) { $0.plainString() }
            case "target": seen.insert(1) && assign(&target, &s) { $0.plainString() }
            case "durationSeconds": seen.insert(2) && assign(&durationSeconds, &s) { $0.double() }
            case "outcome": seen.insert(3) && require(&outcome, &s, rawValue)
            case "cacheKind": seen.insert(4) && assign(&cacheKind, &s, rawValue)
            default: false
            }
        }
        guard read, let name, let outcome else { return nil }
        return TaskRecord(name: name, target: target, durationSeconds: durationSeconds, outcome: outcome, cacheKind: cacheKind ?? .unknown)
    }

    private static func tests(_ s: inout JSONScanner) -> TestSummary? {
        var total: Int?, passed: Int?, failed: Int?, skipped: Int?, flaky: Int?, retried: Int?
        var durationSeconds: Double?, failures: [TestFailure]?, cases: [TestCaseResult]?, warnings: [String]?
        var seen = KeySet()
        let read = s.members { s, key in
            switch key {
            case "total": seen.insert(0) && require(&total, &s) { $0.int() }
            case "passed": seen.insert(1) && assign(&passed, &s) { $0.int() }
            case "failed": seen.insert(2) && assign(&failed, &s) { $0.int() }
            case "skipped": seen.insert(3) && assign(&skipped, &s) { $0.int() }
            case "flaky": seen.insert(4) && assign(&flaky, &s) { $0.int() }
            case "retried": seen.insert(5) && assign(&retried, &s) { $0.int() }
            case "durationSeconds": seen.insert(6) && assign(&durationSeconds, &s) { $0.double() }
            case "failures": seen.insert(7) && assign(&failures, &s) { list(&$0, failure) }
            case "cases": seen.insert(8) && assign(&cases, &s) { list(&$0, testCase) }
            case "warnings": seen.insert(9) && assign(&warnings, &s) { list(&$0) { $0.plainString() } }
            default: false
            }
        }
        guard read, let total else { return nil }
        return TestSummary(
            total: total, passed: passed ?? 0, failed: failed ?? 0, skipped: skipped ?? 0, flaky: flaky ?? 0,
            retried: retried ?? 0, durationSeconds: durationSeconds ?? 0, failures: failures ?? [], cases: cases ?? [],
            warnings: warnings ?? [])
    }

    private static func testCase(_ s: inout JSONScanner) -> TestCaseResult? {
        var suite: String?, name: String?, outcome: TestCaseOutcome?, attempts: Int?, durationSeconds: Double?
        var message: String?, file: String?, line: Int?
        var seen = KeySet()
        let read = s.members { s, key in
            switch key {
            case "suite": seen.insert(0) && assign(&suite, &s) { $0.plainString() }
            case "name": seen.insert(1) && require(&name, &s) { $0.plainString() }
            case "outcome": seen.insert(2) && require(&outcome, &s, rawValue)
            case "attempts": seen.insert(3) && assign(&attempts, &s) { $0.int() }
            case "durationSeconds": seen.insert(4) && assign(&durationSeconds, &s) { $0.double() }
            case "message": seen.insert(5) && assign(&message, &s) { $0.plainString() }
            case "file": seen.insert(6) && assign(&file, &s) { $0.plainString() }
            case "line": seen.insert(7) && assign(&line, &s) { $0.int() }
            default: false
            }
        }
        guard read, let name, let outcome else { return nil }
        return TestCaseResult(
            suite: suite ?? "", name: name, outcome: outcome, attempts: attempts ?? 1, durationSeconds: durationSeconds,
            message: message, file: file, line: line)
    }

    private static func failure(_ s: inout JSONScanner) -> TestFailure? {
        var suite: String?, name: String?, message: String?
        var seen = KeySet()
        let read = s.members { s, key in
            switch key {
            case "suite": seen.insert(0) && require(&suite, &s) { $0.plainString() }
            case "name": seen.insert(1) && require(&name, &s) { $0.plainString() }
            case "message": seen.insert(2) && assign(&message, &s) { $0.plainString() }
            default: false
            }
        }
        guard read, let suite, let name else { return nil }
        return TestFailure(suite: suite, name: name, message: message)
    }

    // MARK: Values

    private static func list<Element>(_ s: inout JSONScanner, _ element: (inout JSONScanner) -> Element?) -> [Element]? {
        var elements: [Element] = []
        let read = s.elements { s in
            guard let value = element(&s) else { return false }
            elements.append(value)
            return true
        }
        return read ? elements : nil
    }

    private static func date(_ s: inout JSONScanner) -> Date? {
        s.plainString().flatMap(ISO8601Dates.parse)
    }

    private static func rawValue<Value: StrictRawDecodable>(_ s: inout JSONScanner) -> Value? {
        s.plainString().flatMap(Value.init(rawValue:))
    }

    /// Reads an optional member (`null` is nil, like `decodeIfPresent`) into `field`.
    private static func assign<Value>(_ field: inout Value?, _ s: inout JSONScanner, _ read: (inout JSONScanner) -> Value?) -> Bool {
        guard let value = s.optional(read) else { return false }
        field = value
        return true
    }

    /// Reads a required member into `field`; `null` gives up (JSONDecoder reports it).
    private static func require<Value>(_ field: inout Value?, _ s: inout JSONScanner, _ read: (inout JSONScanner) -> Value?) -> Bool {
        guard let value = read(&s) else { return false }
        field = value
        return true
    }
}

/// The members an object has had, to give up on a repeated key (`JSONDecoder` would keep
/// one of the values; which one is its business).
private struct KeySet {
    private var bits: UInt16 = 0

    /// Records member `position`; false if it was there already.
    mutating func insert(_ position: Int) -> Bool {
        let bit: UInt16 = 1 << position
        defer { bits |= bit }
        return bits & bit == 0
    }
}
