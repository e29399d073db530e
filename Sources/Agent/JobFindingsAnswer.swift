import Core

/// What the server answers a report's findings with (`BuildFindings` on the server): the
/// report's findings against the target branch's latest finished build. The agent reads the
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
