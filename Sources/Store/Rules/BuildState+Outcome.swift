import BuildMetrics
import Core

extension BuildState {
    /// What the metrics count a finished build as: `success`, `failure` or `canceled`; nil
    /// while it is pending or running.
    package var outcome: BuildOutcome? {
        switch self {
        case .passed: .success
        case .failed: .failure
        case .canceled: .canceled
        case .pending, .running: nil
        }
    }
}
