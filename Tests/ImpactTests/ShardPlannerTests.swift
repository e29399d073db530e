import Impact
import Testing

/// Longest-first onto the least-loaded shard, with unknown durations and deterministic ties.
@Suite struct ShardPlannerTests {
    typealias Item = ShardPlanner.Item

    @Test func longestFirstOntoTheLeastLoadedShard() throws {
        let plan = try ShardPlanner().plan([
            Item(name: "a", duration: 30), Item(name: "b", duration: 70), Item(name: "c", duration: 40),
            Item(name: "d", duration: 20), Item(name: "e", duration: 50),
        ], shards: 2)
        // b→0 (70), e→1 (50), c→1 (90), a→0 (100), d→1 (110).
        #expect(plan.map(\.suites) == [["b", "a"], ["e", "c", "d"]])
        #expect(plan.map(\.expectedDuration) == [100, 110])
    }

    @Test func unknownDurationsCountAsTheMedian() throws {
        let plan = try ShardPlanner().plan([
            Item(name: "known1", duration: 10), Item(name: "known2", duration: 30), Item(name: "new", duration: nil),
            Item(name: "broken", duration: -5),
        ], shards: 2)
        // Median of 10 and 30 is 20: "broken" and "new" each count 20.
        #expect(plan.map(\.suites) == [["known2", "known1"], ["broken", "new"]])
        #expect(plan.map(\.expectedDuration) == [40, 40])
    }

    @Test func nothingKnownUsesTheDefault() throws {
        let plan = try ShardPlanner(defaultDuration: 90).plan([Item(name: "x", duration: nil)], shards: 3)
        #expect(plan.map(\.expectedDuration) == [90, 0, 0])
        #expect(plan.map(\.index) == [0, 1, 2])
    }

    @Test func tiesAreDeterministic() throws {
        let items = ["d", "b", "a", "c"].map { Item(name: $0, duration: 5) }
        let plan = try ShardPlanner().plan(items, shards: 2)
        #expect(plan.map(\.suites) == [["a", "c"], ["b", "d"]])
        #expect(try ShardPlanner().plan(items.reversed(), shards: 2) == plan)
    }

    @Test func shardCountBelowOneIsAnError() {
        #expect(throws: ImpactError.invalidShardCount(0)) { try ShardPlanner().plan([], shards: 0) }
    }
}
