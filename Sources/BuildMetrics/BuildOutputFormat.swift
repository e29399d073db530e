import Foundation

/// The inputs MobileOps can read metrics from.
public enum BuildOutputFormat: String, Codable, Sendable, CaseIterable, StrictRawDecodable {
    /// Gradle console output (`--console=plain`).
    case gradle
    /// xcodebuild console output.
    case xcodebuild
    /// XCLogParser's `json` or `flatJson` report.
    case xclogparser
    /// JUnit XML (Gradle, Android, xcodebuild converters, surefire).
    case junit
    /// `xcrun xcresulttool get test-results tests` JSON (Xcode 16 and later).
    case xcresult
}

/// One entry point for every format: detect (or take the caller's word), then parse.
public enum BuildOutputParser {
    /// Parses `data` as `format`, or as the detected format when `format` is nil.
    /// - Parameter fileName: used only as a hint when the content is ambiguous.
    public static func parse(_ data: Data, format: BuildOutputFormat? = nil, fileName: String? = nil) -> ParseResult {
        let detection = format == nil ? FormatDetector.detect(data, fileName: fileName) : nil
        let chosen = format ?? detection?.format ?? .gradle
        var result: ParseResult
        switch chosen {
        case .gradle: result = GradleLogParser.parse(data)
        case .xcodebuild: result = XcodebuildLogParser.parse(data)
        case .xclogparser: result = XCLogParserReportParser.parse(data)
        case .junit: result = JUnitParser.parse(data)
        case .xcresult: result = XCResultTestsParser.parse(data)
        }
        if let detection, detection.confidence == .guess {
            result.warn("format not recognised from content; read as \(chosen.rawValue) (use --format to choose)")
        }
        return result
    }
}
