import Foundation
import BuildMetrics
import Testing

@Suite("Gradle console output")
struct GradleLogParserTests {
    @Test("a successful build: outcomes, summary line, duration, distinct warnings")
    func success() throws {
        let result = GradleLogParser.parse(try Fixture.data("gradle-success.log"))
        #expect(result.outcome == .success)
        #expect(result.durationSeconds == 83)
        #expect(result.actionableTasks == ActionableTaskSummary(actionable: 6, executed: 2, fromCache: 2, upToDate: 2))
        let outcomes = Dictionary(uniqueKeysWithValues: result.tasks.map { ($0.name, $0.outcome) })
        #expect(result.tasks.count == 8)
        #expect(outcomes[":app:preBuild"] == .upToDate)
        #expect(outcomes[":app:compileDebugKotlin"] == .fromCache)
        #expect(outcomes[":core:compileKotlin"] == .executed)
        #expect(outcomes[":core:processResources"] == .noSource)
        #expect(outcomes[":app:lintDebug"] == .skipped)
        #expect(outcomes[":app:assembleDebug"] == .executed)
        #expect(result.tasks.first { $0.name == ":compileJava" }?.target == ":")
        #expect(result.tasks.first { $0.name == ":app:preBuild" }?.target == ":app")
        #expect(result.tasks.allSatisfy { $0.cacheKind == .unknown && $0.durationSeconds == nil })
        #expect(result.warningCount == 2)
        #expect(result.errorCount == 0)
        #expect(result.warnings.isEmpty)
    }

    @Test("a failed build behind CI timestamps: FAILED task, Kotlin error, what went wrong")
    func failure() throws {
        let result = GradleLogParser.parse(try Fixture.data("gradle-failure.log"))
        #expect(result.outcome == .failure)
        #expect(result.durationSeconds == 7_384) // 2h 3m 4s
        #expect(result.tasks.map(\.outcome) == [.upToDate, .failed])
        #expect(result.errorCount == 1)
        #expect(result.errorMessages.first == "Execution failed for task ':app:compileDebugKotlin'.")
        #expect(result.errorMessages.contains { $0.contains("Unresolved reference: fooBar") })
        #expect(result.actionableTasks == ActionableTaskSummary(actionable: 2, executed: 1, fromCache: 0, upToDate: 1))
    }

    @Test("CRLF line ends and colour codes are tolerated; 850ms is read")
    func crlfAndColour() throws {
        let result = GradleLogParser.parse(try Fixture.data("gradle-crlf-colour.log"))
        #expect(result.tasks.map(\.name) == [":app:preBuild", ":app:compileDebugKotlin", ":app:assembleDebug"])
        #expect(result.outcome == .success)
        #expect(result.durationSeconds == 0.85)
    }

    @Test("chunks cut anywhere give the same result as the whole log", arguments: [1, 7, 64, 4_096])
    func streaming(chunkSize: Int) throws {
        let data = try Fixture.data("gradle-success.log")
        var parser = GradleLogParser()
        var offset = 0
        while offset < data.count {
            parser.feed(data.subdata(in: offset..<min(offset + chunkSize, data.count)))
            offset += chunkSize
        }
        #expect(parser.finish() == GradleLogParser.parse(data))
    }

    @Test("a truncated log yields the tasks read so far and a warning")
    func truncated() throws {
        let result = GradleLogParser.parse(try Fixture.truncated("gradle-success.log", keeping: 0.5))
        #expect(!result.tasks.isEmpty)
        #expect(result.outcome == nil)
        #expect(result.warnings.contains { $0.message.contains("truncated") })
    }

    @Test("garbage and empty input give warnings, not crashes")
    func garbage() {
        let result = GradleLogParser.parse(Fixture.garbage())
        #expect(!result.warnings.isEmpty)
        let empty = GradleLogParser.parse(Data())
        #expect(empty.tasks.isEmpty && !empty.warnings.isEmpty)
    }

    @Test("durations as build tools print them")
    func durations() {
        #expect(DurationText.seconds(in: "1m 23s") == 83)
        #expect(DurationText.seconds(in: "2h 3m 4s") == 7_384)
        #expect(DurationText.seconds(in: "850ms") == 0.85)
        #expect(DurationText.seconds(in: "0,12s") == 0.12)
        #expect(DurationText.seconds(in: "45.5 seconds") == 45.5)
        #expect(DurationText.seconds(in: "1 min 3 sec") == 63)
        #expect(DurationText.seconds(in: "12") == 12)
        #expect(DurationText.seconds(in: "soon") == nil)
        #expect(DurationText.seconds(in: "") == nil)
        #expect(DurationText.seconds(in: "3 fortnights") == nil)
    }
}
