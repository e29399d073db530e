import Core
import Findings

/// What the server answers a report's findings with (`BuildFindings` on the server): the
/// report's findings against the baseline (a pull request's merge base's build). The agent reads the
/// members it logs and decides by; the rest of the answer is ignored.
public struct JobFindingsAnswer: Decodable, Sendable, Equatable {
    /// The build compared with.
    public struct Base: Decodable, Sendable, Equatable {
        /// Its server id.
        public var buildID: Int64
        /// The branch it was taken from.
        public var branch: String
        /// Its number in the repository, when the server gives it.
        public var number: Int?
        /// Why it is the baseline, in words (absent from servers that predate merge bases).
        public var explanation: String?
    }

    /// The baseline; nil when there is none, and then every finding is new.
    public var base: Base?
    /// Whether a new finding is severe enough to fail the step under `failOn`.
    public var fails: Bool
    /// The `fail_on` the server applied.
    public var failOn: String
    /// The report's findings.
    public var total: Int
    /// Those the baseline does not have.
    public var newCount: Int
    /// Those it has too.
    public var unchanged: Int
    /// Those the report suppressed, counted apart (absent from servers that predate them).
    public var suppressed: Int?
    /// The new findings.
    public var new: [StoredFinding]
}

// MARK: - Answers from servers that predate suppressions

extension JobFindingsAnswer {
    /// The answer with the report's accepted-suppressed findings (their fingerprints:
    /// `suppressed`) left out of what is new and of what fails the step, when the server did
    /// not already: a server older than suppressions ignores them, counts them as new and may
    /// set `fails` on them, and its answer has no `suppressed`. An answer that has it is the
    /// server's word and is kept as it is.
    func leavingOut(suppressed: Set<String>) -> JobFindingsAnswer {
        guard self.suppressed == nil, !suppressed.isEmpty else { return self }
        var answer = self
        answer.new = new.filter { !suppressed.contains($0.fingerprint) }
        let dropped = new.count - answer.new.count
        answer.newCount = max(newCount - dropped, answer.new.count)
        answer.suppressed = suppressed.count
        // Suppressed findings the answer does not list as new were counted unchanged; when the
        // answer lists every new finding, that is all the others.
        if newCount == new.count { answer.unchanged = max(unchanged - (suppressed.count - dropped), 0) }
        // The step's verdict is made again only from a complete list, and for a known `fail_on`.
        if fails, newCount == new.count, let failOn = FailOn(rawValue: failOn) {
            answer.fails = answer.new.contains { finding in FindingLevel(rawValue: finding.level).map(failOn.fails) ?? false }
        }
        return answer
    }
}
