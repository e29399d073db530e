import Foundation

/// Why an impact analysis or a dependency check was not carried out; the HTTP layer answers
/// each with its status and code (``status``, ``code``).
public enum AnalysisUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every slot stayed taken until the request's deadline (503 `analysis_busy`).
    case busy(ImpactLimits)
    /// The analysis ran past its deadline and was stopped (504 `analysis_timeout`).
    case timedOut(ImpactLimits)
    /// The server is shutting down; the analysis was stopped (503 `shutting_down`).
    case shuttingDown

    /// The HTTP status.
    public var status: Int {
        switch self {
        case .busy, .shuttingDown: 503
        case .timedOut: 504
        }
    }

    /// The stable error code.
    public var code: String {
        switch self {
        case .busy: "analysis_busy"
        case .timedOut: "analysis_timeout"
        case .shuttingDown: "shutting_down"
        }
    }

    /// What happened and what to do.
    public var description: String {
        switch self {
        case let .busy(limits):
            "all \(limits.concurrentAnalyses) analysis slots stayed busy for \(Self.seconds(limits.deadline)); nothing was done, retry later"
        case let .timedOut(limits):
            "the analysis did not finish within \(Self.seconds(limits.deadline)) and was stopped; "
                + "narrow it (fewer changed files or run-all patterns, a 'project' folder) or give a 'graph'"
        case .shuttingDown:
            "the server is shutting down and stopped the analysis; retry against another server or once it is back"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return attoseconds == 0 ? "\(seconds) s" : String(format: "%.1f s", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
