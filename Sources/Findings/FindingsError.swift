/// Why a report could not be read, and where.
public enum FindingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The content is none of the accepted formats.
    case unknownFormat(String)
    /// A JSON report is malformed at `offset` (a byte offset from the start of the file).
    case malformedJSON(format: ReportFormat, reason: String, offset: Int)
    /// An XML report is malformed at `line`:`column`.
    case malformedXML(format: ReportFormat, reason: String, line: Int, column: Int)
    /// A well-formed report that breaks its format's rules ("runs is not an array").
    case invalidReport(format: ReportFormat, reason: String, offset: Int?)
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The report holds more than `limit` findings; reading stopped at the first one past it,
    /// so a report of millions never holds memory for all of them.
    case tooManyFindings(format: ReportFormat, limit: Int)

    /// The error as people read it, with its position.
    public var description: String {
        switch self {
        case .unknownFormat(let detail):
            "unknown report format (\(detail)); accepted: SARIF 2.1.0, Checkstyle XML, Android Lint XML, SwiftLint JSON, GitLab Code Quality JSON"
        case .malformedJSON(let format, let reason, let offset):
            "malformed \(format.displayName): \(reason) at byte \(offset)"
        case .malformedXML(let format, let reason, let line, let column):
            "malformed \(format.displayName): \(reason) at line \(line), column \(column)"
        case .invalidReport(let format, let reason, let offset):
            "invalid \(format.displayName): \(reason)" + (offset.map { " at byte \($0)" } ?? "")
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .tooManyFindings(let format, let limit):
            "the \(format.displayName) report holds more than \(limit) findings, the most one report may send"
        }
    }
}
