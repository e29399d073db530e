import Foundation

extension XcodebuildLogGrammar {
    // MARK: Diagnostics

    /// `/x.swift:3:5: error: …`, `error: …`, `ld: warning: …`. Inside a running XCTest case an
    /// error line is that test's failure message, not a build error.
    mutating func diagnosticLine(_ line: UnsafeRawBufferPointer, from offset: Int) {
        if line.matches("error: ", at: offset) {
            return recordError(line, messageStart: offset + 7, from: offset)
        }
        if line.matches("warning: ", at: offset) {
            sawAnything = true
            return diagnostics.warning(line.slice(from: offset))
        }
        if let hit = line.find(": error: ", from: offset) {
            return recordError(line, messageStart: hit + 9, from: offset)
        }
        if line.find(": warning: ", from: offset) != nil {
            sawAnything = true
            diagnostics.warning(line.slice(from: offset))
        }
    }

    private mutating func recordError(_ line: UnsafeRawBufferPointer, messageStart: Int, from offset: Int) {
        sawAnything = true
        if currentTestFailure != nil || line.matches("-[", at: messageStart) {
            // `…: error: -[Mod.Class testX] : XCTAssertTrue failed`: keep the text after ` : `.
            let body = line.find(" : ", from: messageStart).map { $0 + 3 } ?? messageStart
            if currentTestFailure?.isEmpty ?? true { currentTestFailure = line.string(body..<line.count) }
            return
        }
        diagnostics.error(line.slice(from: offset))
    }

    // MARK: XCTest

    /// After `Test Case '`: `-[Mod.Class testX]' passed (0.123 seconds).`,
    /// `Class.testX' started.`, `Suite/testX()' failed on 'Clone 1 …' (0.2 seconds)`.
    mutating func xctestLine(_ line: UnsafeRawBufferPointer, from offset: Int, _ number: Int) {
        sawAnything = true
        guard let quote = line.find("' ", from: offset) else {
            return result.warn("unreadable test case line", line: number)
        }
        let status = quote + 2
        if line.matches("started", at: status) {
            currentTestFailure = ""
            return
        }
        let outcome: TestAttemptOutcome
        if line.matches("passed", at: status) {
            outcome = .passed
        } else if line.matches("failed", at: status) {
            outcome = .failed
        } else if line.matches("skipped", at: status) {
            outcome = .skipped
        } else {
            return result.warn("unknown test status in `\(line.string(status..<line.count))`", line: number)
        }
        var seconds: Double?
        if let paren = line.findLast(byte: UInt8(ascii: "("), before: line.count) {
            seconds = line.decimal(at: paren + 1)?.value
        }
        let (suite, name) = Self.splitTestName(line.string(offset..<quote))
        let message = currentTestFailure
        currentTestFailure = nil
        tests.record(suite: suite, name: name, outcome: outcome, seconds: seconds, message: message)
    }

    /// `-[Mod.Class testX]` → (`Mod.Class`, `testX`); `Class.testX` and `Suite/testX()` split at
    /// the last `.` or `/` before any argument list.
    static func splitTestName(_ raw: String) -> (suite: String, name: String) {
        if raw.hasPrefix("-["), raw.hasSuffix("]") {
            let inner = raw.dropFirst(2).dropLast()
            guard let space = inner.firstIndex(of: " ") else { return ("", String(inner)) }
            return (String(inner[..<space]), String(inner[inner.index(after: space)...]))
        }
        let head = raw.firstIndex(of: "(").map { raw[..<$0] } ?? raw[...]
        guard let cut = head.lastIndex(where: { $0 == "." || $0 == "/" }) else { return ("", raw) }
        return (String(raw[..<cut]), String(raw[raw.index(after: cut)...]))
    }

    // MARK: Swift Testing

    /// `✔ Test "Name" passed after 0.1 seconds.`, `✘ Test f() failed after … with 1 issue.`,
    /// `➜ Test f() skipped.`, `✘ Test f() recorded an issue at X.swift:3:5: message`.
    mutating func swiftTestingLine(_ line: UnsafeRawBufferPointer, from offset: Int) {
        guard let space = line.find(byte: 0x20, from: offset), space <= offset + 4 else { return }
        let start = space + 1
        guard line.matches("Test ", at: start), !line.matches("Test run ", at: start) else { return }
        sawAnything = true
        let nameStart = start + 5
        var nameEnd: Int
        if nameStart < line.count, line[nameStart] == UInt8(ascii: "\"") {
            nameEnd = line.find(byte: UInt8(ascii: "\""), from: nameStart + 1).map { $0 + 1 } ?? line.count
        } else {
            nameEnd = line.find(byte: 0x20, from: nameStart) ?? line.count
        }
        var name = line.string(nameStart..<nameEnd)
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
        let rest = nameEnd + 1
        if line.matches("recorded an issue", at: rest) {
            let colon = line.find(": ", from: line.find(" at ", from: rest).map { $0 + 4 } ?? rest)
            if swiftTestingIssues[name] == nil, let colon { swiftTestingIssues[name] = line.string((colon + 2)..<line.count) }
            return
        }
        let outcome: TestAttemptOutcome
        if line.matches("passed", at: rest) {
            outcome = .passed
        } else if line.matches("failed", at: rest) {
            outcome = .failed
        } else if line.matches("skipped", at: rest) {
            outcome = .skipped
        } else {
            return
        }
        var seconds: Double?
        if let after = line.find(" after ", from: rest) { seconds = line.decimal(at: after + 7)?.value }
        tests.record(suite: "", name: name, outcome: outcome, seconds: seconds, message: swiftTestingIssues.removeValue(forKey: name))
    }
}
