import MemberwiseInit

/// One run of one test in a build's queue: the test, which copy it is, and how long it is
/// expected to take.
@MemberwiseInit(.public)
public struct PlannedTest: Codable, Sendable, Equatable, Hashable {
    /// The test's name.
    public var name: String
    /// 1 for the first copy; more when history asks for extra copies up front.
    public var copy: Int = 1
    /// Expected seconds: the p80 of its history, or the planner's default for an unknown test.
    public var expectedSeconds: Double

    /// Queue order: longest expected first; then by name and copy, so equal plans are equal.
    static func precedes(_ lhs: PlannedTest, _ rhs: PlannedTest) -> Bool {
        if lhs.expectedSeconds != rhs.expectedSeconds { return lhs.expectedSeconds > rhs.expectedSeconds }
        if lhs.name != rhs.name { return lhs.name < rhs.name }
        return lhs.copy < rhs.copy
    }
}
