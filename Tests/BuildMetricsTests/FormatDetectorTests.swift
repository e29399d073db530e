import Foundation
import BuildMetrics
import Testing

@Suite("format detection")
struct FormatDetectorTests {
    @Test("each fixture is recognised from its content", arguments: [
        ("gradle-success.log", BuildOutputFormat.gradle), ("gradle-failure.log", .gradle),
        ("xcodebuild-test.log", .xcodebuild), ("xcodebuild-build.log", .xcodebuild),
        ("xclogparser.json", .xclogparser), ("xclogparser-flat.json", .xclogparser),
        ("junit-gradle.xml", .junit), ("junit-xcode.xml", .junit), ("xcresult-tests.json", .xcresult),
    ])
    func detects(name: String, format: BuildOutputFormat) throws {
        let detection = FormatDetector.detect(try Fixture.data(name), fileName: "renamed.txt")
        #expect(detection == FormatDetector.Detection(format: format, confidence: .content))
    }

    @Test("the file name breaks ties; nothing at all is a guess")
    func hints() {
        let plain = Data("hello\n".utf8)
        #expect(FormatDetector.detect(plain, fileName: "build/xcodebuild.log").format == .xcodebuild)
        #expect(FormatDetector.detect(plain, fileName: "TEST-report.xml") == FormatDetector.Detection(format: .junit, confidence: .fileName))
        #expect(FormatDetector.detect(plain).confidence == .guess)
    }

    @Test("an explicit format overrides detection; a guess is flagged")
    func override() throws {
        let data = try Fixture.data("gradle-success.log")
        #expect(BuildOutputParser.parse(data, format: .xcodebuild).format == .xcodebuild)
        #expect(BuildOutputParser.parse(data).format == .gradle)
        let guessed = BuildOutputParser.parse(Data("hello\n".utf8))
        #expect(guessed.warnings.contains { $0.message.contains("--format") })
    }
}
