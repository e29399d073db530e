import Foundation
import BuildMetrics
import Testing

@Suite("regression detection")
struct RegressionTests {
    static let start = Date(timeIntervalSince1970: 1_756_684_800) // 2025-09-01T00:00:00Z
    static let day: TimeInterval = 86_400
    static let parameters = RegressionParameters(
        baselineSeconds: 14 * day, recentSeconds: 3 * day, thresholdPercent: 20, minimumSamples: 8)

    /// Four builds a day for `days` days; `level(day)` times deterministic noise of ±`noise`,
    /// and every 10th build `outlierFactor` times slower.
    static func series(days: Int, noise: Double, outlierFactor: Double = 1, level: (Int) -> Double) -> [TimeSeriesPoint] {
        var state: UInt64 = 12_345
        var points: [TimeSeriesPoint] = []
        for dayIndex in 0..<days {
            for slot in 0..<4 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let unit = Double(state >> 11) / Double(1 << 53) * 2 - 1
                var value = level(dayIndex) * (1 + unit * noise)
                if points.count % 10 == 9 { value *= outlierFactor }
                let date = start.addingTimeInterval(Double(dayIndex) * day + Double(1 + slot * 6) * 3_600)
                points.append(TimeSeriesPoint(date: date, value: value))
            }
        }
        return points
    }

    @Test("a step change in median duration fires exactly once")
    func stepChange() throws {
        let points = Self.series(days: 70, noise: 0.08) { $0 < 35 ? 600 : 900 }
        let found = RegressionMonitor.scan(points, seriesKey: "acme · pr · duration", parameters: Self.parameters,
                                           from: Self.start.addingTimeInterval(17 * Self.day), to: Self.start.addingTimeInterval(70 * Self.day), step: Self.day / 4)
        #expect(found.count == 1)
        let regression = try #require(found.first)
        #expect(regression.seriesKey == "acme · pr · duration")
        #expect(regression.detectedAt > Self.start.addingTimeInterval(35 * Self.day))
        #expect(regression.detectedAt < Self.start.addingTimeInterval(38 * Self.day))
        #expect(regression.changePercent > 20 && regression.changePercent < 70)
        #expect(regression.baselineSamples >= 8 && regression.recentSamples >= 8)
    }

    @Test("noise and outliers never fire")
    func noise() {
        let points = Self.series(days: 70, noise: 0.15, outlierFactor: 3) { _ in 600 }
        let found = RegressionMonitor.scan(points, parameters: Self.parameters, from: Self.start,
                                           to: Self.start.addingTimeInterval(70 * Self.day), step: Self.day / 4)
        #expect(found.isEmpty)
    }

    @Test("an improvement does not fire; a drop in cache hit rate does, once")
    func directions() {
        let faster = Self.series(days: 60, noise: 0.05) { $0 < 30 ? 900 : 500 }
        #expect(RegressionMonitor.scan(faster, parameters: Self.parameters, from: Self.start,
                                       to: Self.start.addingTimeInterval(60 * Self.day), step: Self.day).isEmpty)
        var hitRate = Self.parameters
        hitRate.direction = .lowerIsWorse
        let rates = Self.series(days: 60, noise: 0.05) { $0 < 30 ? 0.8 : 0.5 }
        let found = RegressionMonitor.scan(rates, parameters: hitRate, from: Self.start,
                                           to: Self.start.addingTimeInterval(60 * Self.day), step: Self.day)
        #expect(found.count == 1)
        #expect((found.first?.changePercent ?? 0) < -20)
    }

    @Test("too few samples decide nothing; evaluation is deterministic")
    func insufficient() {
        let few = Self.series(days: 5, noise: 0) { $0 < 3 ? 100 : 1_000 }
        let now = Self.start.addingTimeInterval(5 * Self.day)
        var strict = Self.parameters
        strict.minimumSamples = 10
        // Baseline (days 0–1): 8 points of 100; recent (days 2–4): 4 × 100 and 8 × 1000.
        #expect(RegressionDetector.evaluate(few, at: now, parameters: strict) == .insufficientData(baselineSamples: 8, recentSamples: 12))
        var relaxed = Self.parameters
        relaxed.minimumSamples = 3
        let first = RegressionDetector.evaluate(few, at: now, parameters: relaxed)
        #expect(first == RegressionDetector.evaluate(few.reversed(), at: now, parameters: relaxed))
        guard case let .regressed(regression) = first else { Issue.record("expected a regression"); return }
        #expect(regression.baselineMedian == 100)
        #expect(regression.recentMedian == 1_000) // the 6th and 7th of 12 sorted values are both 1000
        #expect(regression.changePercent == 900)
    }

    @Test("a non-positive scan step evaluates nothing")
    func badStep() {
        #expect(RegressionMonitor.scan([], parameters: Self.parameters, from: Self.start, to: Self.start, step: 0).isEmpty)
    }
}
