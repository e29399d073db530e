import Foundation

/// Where a failed test points in its source, read from what JUnit writers put in a failure's
/// text: xcpretty, fastlane trainer and xcbeautify write `/path/CartTests.swift:40` as the
/// text; Gradle and surefire write a JVM stack trace whose test frame is
/// `at com.acme.LoginTest.rejects(LoginTest.kt:31)`.
struct TestLocation: Equatable {
    /// The file as the report names it (a full path, or a bare file name from a stack frame).
    var file: String
    /// The 1-based line.
    var line: Int

    /// Lines of a failure's text looked at, at most: the location is at the top.
    static let maxLines = 200

    /// The location in `text` for a test of `suite` (the class name), if any.
    static func find(in text: String, suite: String) -> TestLocation? {
        var firstFrame: TestLocation?
        for raw in text.split(whereSeparator: \.isNewline).prefix(maxLines) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("at ") {
                guard let frame = stackFrame(line) else { continue }
                // The test's own frame, else the first frame: the assertion helper's caller is lower.
                if !suite.isEmpty, frame.symbol.hasPrefix(suite + ".") || frame.symbol.hasPrefix(suite + "$") { return frame.location }
                if firstFrame == nil { firstFrame = frame.location }
            } else if firstFrame == nil, let location = pathAndLine(line) {
                return location
            }
        }
        return firstFrame
    }

    /// `/path/File.swift:40`, `File.swift:40:12` or `File.swift:40: error text`.
    static func pathAndLine(_ line: String) -> TestLocation? {
        var rest = Substring(line)
        while let colon = rest.firstIndex(of: ":") {
            let path = line[line.startIndex..<colon]
            let after = line[line.index(after: colon)...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            let next = after.dropFirst(digits.count).first
            if !digits.isEmpty, next == nil || next == ":", hasSourceExtension(path), let number = Int(digits), number > 0 {
                return TestLocation(file: String(path), line: number)
            }
            rest = line[line.index(after: colon)...]
        }
        return nil
    }

    /// `at com.acme.LoginTest.rejects(LoginTest.kt:31)` as symbol and location.
    private static func stackFrame(_ line: String) -> (symbol: String, location: TestLocation)? {
        guard let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else { return nil }
        var symbol = line[line.index(line.startIndex, offsetBy: 3)..<open].trimmingCharacters(in: .whitespaces)
        // Java 9+ frames name the class loader or module first: `app//com.acme.X.y`, `java.base/java.lang.Z`.
        if let slash = symbol.lastIndex(of: "/") { symbol = String(symbol[symbol.index(after: slash)...]) }
        let inside = line[line.index(after: open)..<close]
        guard let colon = inside.lastIndex(of: ":"), let number = Int(inside[inside.index(after: colon)...]), number > 0 else { return nil }
        let file = String(inside[inside.startIndex..<colon])
        guard hasSourceExtension(Substring(file)) else { return nil }
        return (symbol, TestLocation(file: file, line: number))
    }

    /// A file name ending in a short extension (`.swift`, `.kt`, `.m`), without spaces at its
    /// start: a sentence with a colon in it is not a path.
    private static func hasSourceExtension(_ path: Substring) -> Bool {
        guard !path.isEmpty, path.first?.isWhitespace == false, let dot = path.lastIndex(of: ".") else { return false }
        let ext = path[path.index(after: dot)...]
        guard (1...6).contains(ext.count), ext.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        let name = path[path.startIndex..<dot]
        return !name.isEmpty && !(name.last?.isWhitespace ?? true) && (path.hasPrefix("/") || !path.contains(" "))
    }
}
