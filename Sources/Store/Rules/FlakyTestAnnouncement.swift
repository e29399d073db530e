import BuildMetrics
import Core
import Foundation

/// What a report's flips add to the feed: a `test.flaky` event for each flipped test that was
/// not flaky already (never flipped, or quiet for ``quietSeconds``), at most ``maxEvents``
/// plus one naming how many more; and every flipped test's new `lastFlakyAt`. A backend reads
/// the tests' `lastFlakyAt` and stores what is decided here.
package struct FlakyTestAnnouncement {
    /// A flaky test that has not flipped for this long is announced again when it next flips.
    package static let quietSeconds: TimeInterval = 30 * 86_400
    /// Most `test.flaky` events one report adds; the rest are summed up in one more (a broken
    /// simulator can flip hundreds of tests, and the feed is for people).
    package static let maxEvents = 5

    /// Each flipped test's `lastFlakyAt` to store, in the order the flips came.
    package private(set) var lastFlakyAt: [(testID: Int64, date: Date)] = []
    /// The events to record, in order.
    package private(set) var events: [NotableEvent] = []

    /// Decides the announcement of `flipped` (in report order) from each test's stored
    /// `lastFlakyAt` (absent when it never flipped).
    package init(_ flipped: [TestFlips.Case], stored: [Int64: Date], context: TestRunContext, finished: Date, now: Date) {
        guard !flipped.isEmpty else { return }
        var last = stored
        var announced = 0, more = 0
        let place = context.place
        for item in flipped {
            let previous = last[item.testID]
            // Never moved back: a late report of an older run does not make a test look quieter.
            let moved = max(finished, previous ?? finished)
            last[item.testID] = moved
            lastFlakyAt.append((item.testID, moved))
            if let previous, finished.timeIntervalSince(previous) < Self.quietSeconds { continue }
            guard announced < Self.maxEvents else {
                more += 1
                continue
            }
            announced += 1
            let test = item.test.suite.isEmpty ? item.test.name : "\(item.test.suite).\(item.test.name)"
            let how = item.acrossRuns
                ? "It failed and passed on the same commit \(context.commitSHA.map { String($0.prefix(12)) } ?? "")"
                : "It failed, then passed on a retry in the same run"
            events.append(NotableEvent(
                kind: "test.flaky", title: "\(context.repository): \(test) is flaky",
                summary: how + (place.isEmpty ? "." : " (\(place)).") + (item.test.message.map { " First failure: \($0.prefix(300))" } ?? ""),
                url: context.url, occurredAt: now))
        }
        if more > 0 {
            events.append(NotableEvent(
                kind: "test.flaky", title: "\(context.repository): \(more) more tests became flaky",
                summary: "\(more) more tests failed and passed on the same commit" + (place.isEmpty ? "." : " (\(place)).") + " See GET /api/v1/metrics/tests/flaky.",
                url: context.url, occurredAt: now))
        }
    }
}
