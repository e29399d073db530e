import Foundation
import ReleaseTrain
import Testing

@Suite("Health rules and rollout stepping")
struct HealthAndRolloutTests {
    private let rules = [
        HealthRule(metric: .crashFreeUsers, comparator: .lessThan, threshold: 99.5, minimumSample: 1000),
        HealthRule(metric: .anrRate, comparator: .greaterThanOrEqual, threshold: 0.47),
    ]

    @Test("A breach needs the condition and a large enough sample")
    func breaches() {
        let evaluator = HealthEvaluator(rules: rules)
        let bad = evaluator.evaluate(HealthSample(metric: .crashFreeUsers, value: 98.9, sampleSize: 5000))
        #expect(bad.isBreach)
        #expect(bad.breached == [rules[0]])
        #expect(bad.summary(for: HealthSample(metric: .crashFreeUsers, value: 98.9, sampleSize: 5000)).contains("breaches crash_free_users < 99.5"))
        let small = evaluator.evaluate(HealthSample(metric: .crashFreeUsers, value: 90, sampleSize: 999))
        #expect(!small.isBreach)
        #expect(small.inconclusive == [rules[0]])
        #expect(!evaluator.evaluate(HealthSample(metric: .crashFreeUsers, value: 99.5, sampleSize: 5000)).isBreach)
        #expect(evaluator.evaluate(HealthSample(metric: .anrRate, value: 0.47, sampleSize: 1)).isBreach)
        #expect(!evaluator.evaluate(HealthSample(metric: .crashFreeSessions, value: 1, sampleSize: 10_000)).isBreach)
    }

    @Test("Comparators read symbols and words")
    func comparators() {
        #expect(HealthComparator(text: "below") == .lessThan)
        #expect(HealthComparator(text: "at_least") == .greaterThanOrEqual)
        #expect(HealthComparator(text: "=") == nil)
    }

    @Test("Play: start at the first step, wait for the soak, step on, complete at 100 %")
    func playStepping() {
        let stepper = PlayRolloutStepper(plan: PlayRolloutPlan(steps: [1, 5, 100], minimumSoak: 3600))
        let entered = Date(timeIntervalSince1970: 1_000_000)
        #expect(stepper.decide(currentIndex: nil, enteredAt: nil, now: entered) == .step(index: 0, userFraction: 0.01))
        #expect(stepper.decide(currentIndex: 0, enteredAt: entered, now: entered.addingTimeInterval(1800)) == .wait(until: entered.addingTimeInterval(3600)))
        #expect(stepper.decide(currentIndex: 0, enteredAt: entered, now: entered.addingTimeInterval(3600)) == .step(index: 1, userFraction: 0.05))
        #expect(stepper.decide(currentIndex: 1, enteredAt: entered, now: entered.addingTimeInterval(7200)) == .complete)
        #expect(stepper.decide(currentIndex: 2, enteredAt: entered, now: entered.addingTimeInterval(9999)) == .done)
        #expect(PlayRolloutStepper.fraction(2) == 0.02)
    }

    @Test("App Store: currentDayNumber maps to Apple's 7-day table")
    func appStoreSchedule() {
        let expected: [Int?: Double] = [nil: 0, 0: 0, 1: 1, 2: 2, 3: 5, 4: 10, 5: 20, 6: 50, 7: 100, 9: 100]
        for (day, percent) in expected {
            #expect(AppStorePhasedSchedule.percent(forDay: day) == percent, "day \(String(describing: day))")
        }
        #expect(PhasedRelease(id: "p", state: .complete, currentDayNumber: 2).percent == 100)
    }
}
