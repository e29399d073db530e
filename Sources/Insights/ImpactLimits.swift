/// How much work impact analysis (`POST /api/v1/impact`) and dependency checks
/// (`POST /api/v1/checks/deps`) may take; docs/operations.md ("Limits") lists them.
public struct ImpactLimits: Sendable, Equatable {
    /// Analyses running at once; later requests wait for a slot (within their deadline).
    public var concurrentAnalyses: Int
    /// From the request's arrival to its answer, waiting for a slot included.
    public var deadline: Duration

    /// Creates limits.
    public init(concurrentAnalyses: Int = 4, deadline: Duration = .seconds(60)) {
        self.concurrentAnalyses = max(1, concurrentAnalyses)
        self.deadline = deadline
    }

    /// The limits the server runs with: a few analyses at once on a small machine, and a
    /// minute each, far above a real analysis of a large repository once its mirror exists.
    public static let standard = ImpactLimits()

    /// Most `runAll` patterns one request may add.
    public static let runAllPatterns = 100
    /// Longest `runAll` pattern, in UTF-8 bytes.
    public static let patternBytes = 256
    /// Longest changed path, in UTF-8 bytes (Linux's PATH_MAX).
    public static let pathBytes = 4096
}
