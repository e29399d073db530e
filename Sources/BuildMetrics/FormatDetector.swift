import Foundation
import MemberwiseInit

/// Guesses the format of a build log or result file from its first bytes, using the file
/// name only to break ties, so `metrics parse FILE` works without `--format`.
public enum FormatDetector {
    /// How sure the detector is.
    public enum Confidence: String, Codable, Sendable {
        /// A marker only that format has was found in the content.
        case content
        /// The content was ambiguous; the file name decided.
        case fileName
        /// Nothing matched; the format is a fallback.
        case guess
    }

    /// A detected format and why.
    @MemberwiseInit(.public)
    public struct Detection: Sendable, Equatable {
        /// The format to parse as.
        public var format: BuildOutputFormat
        /// How it was decided.
        public var confidence: Confidence
    }

    /// How many leading bytes are examined: enough for headers, cheap on a 50 MB log.
    static let sniffLength = 256 * 1024

    /// Detects the format of `data`, with `fileName` as a hint.
    public static func detect(_ data: Data, fileName: String? = nil) -> Detection {
        let head = String(decoding: data.prefix(sniffLength), as: UTF8.self)
        let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("<") {
            if head.contains("<testsuite") || head.contains("<testcase") { return Detection(format: .junit, confidence: .content) }
        } else if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") {
            if head.contains("\"testNodes\"") { return Detection(format: .xcresult, confidence: .content) }
            if head.contains("\"subSteps\"") || head.contains("\"detailStepType\"") || head.contains("\"fetchedFromCache\"") {
                return Detection(format: .xclogparser, confidence: .content)
            }
        }
        if let format = textFormat(head) { return Detection(format: format, confidence: .content) }
        if let format = fileName.flatMap(nameHint) { return Detection(format: format, confidence: .fileName) }
        return Detection(format: trimmed.hasPrefix("<") ? .junit : .gradle, confidence: .guess)
    }

    // MARK: Hints

    private static func textFormat(_ head: String) -> BuildOutputFormat? {
        let gradleMarkers = ["> Task :", "> Configure project", "actionable task", "BUILD SUCCESSFUL in", "BUILD FAILED in", "Gradle Daemon"]
        let xcodeMarkers = ["** BUILD ", "** TEST ", "(in target '", "xcodebuild", "Test Case '", "Test case '", "Build Timing Summary", "CompileSwift", "=== BUILD TARGET"]
        let gradle = gradleMarkers.filter(head.contains).count
        let xcode = xcodeMarkers.filter(head.contains).count
        if gradle == 0, xcode == 0 { return nil }
        return gradle > xcode ? .gradle : .xcodebuild
    }

    private static func nameHint(_ fileName: String) -> BuildOutputFormat? {
        let name = (fileName as NSString).lastPathComponent.lowercased()
        if name.hasSuffix(".xml") { return .junit }
        if name.contains("xcresult") || name.contains("test-results") { return .xcresult }
        if name.contains("xclogparser") || name.contains("xcactivitylog") { return .xclogparser }
        if name.contains("xcodebuild") || name.contains("xcode") { return .xcodebuild }
        if name.contains("gradle") { return .gradle }
        return nil
    }
}
