/// A build's state, derived from its jobs: a build is never set directly.
public enum BuildState: String, Codable, Sendable, CaseIterable {
    /// No job has been picked up yet.
    case pending
    /// Some job is assigned or running, or some have finished while others wait.
    case running
    /// Every job passed.
    case passed
    /// Some job failed, timed out, or was lost with no retry left.
    case failed
    /// Jobs were cancelled and none failed.
    case canceled

    /// Whether the build will not change state again.
    public var isFinished: Bool { self == .passed || self == .failed || self == .canceled }

    /// Derives the state from the current attempt of each job (superseded attempts excluded).
    ///
    /// A failure wins over a cancellation: a build where one job failed and the rest were
    /// cancelled because of it is `failed`, which is what the author needs to see.
    public static func derive(from jobs: [JobState]) -> BuildState {
        if jobs.isEmpty { return .passed }
        if jobs.contains(where: { !$0.isFinished }) {
            let started = jobs.contains { $0 != .pending }
            return started ? .running : .pending
        }
        if jobs.contains(where: { $0 == .failed || $0 == .timedOut || $0 == .lost }) { return .failed }
        if jobs.contains(.canceled) { return .canceled }
        return .passed
    }
}
