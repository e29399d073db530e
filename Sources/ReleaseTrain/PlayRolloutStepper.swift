import Foundation
import MemberwiseInit

// MARK: - PlayRolloutStepper

/// Decides the next Google Play rollout step: pure arithmetic on the plan, the current step
/// and how long it has run, so the scheduler can call it on every tick.
@MemberwiseInit(.public)
public struct PlayRolloutStepper: Sendable, Hashable {
    /// What the scheduler should do now.
    public enum Decision: Sendable, Hashable {
        /// Update the track to `status: inProgress` with this `userFraction` (0–1) and record
        /// step `index` as entered now.
        case step(index: Int, userFraction: Double)
        /// Update the track to `status: completed` (no fraction): the last step, 100 %.
        case complete
        /// The current step has not soaked long enough; look again at `until`.
        case wait(until: Date)
        /// The rollout is already complete; nothing to do.
        case done
    }

    /// The plan being followed.
    public let plan: PlayRolloutPlan

    /// The decision at `now` when step `currentIndex` (`nil` before the first) was entered at
    /// `enteredAt`. A step at 100 % is always the completion, wherever it is in the list.
    public func decide(currentIndex: Int?, enteredAt: Date?, now: Date) -> Decision {
        // A plan decoded from JSON is not validated like a parsed one; never index past it.
        guard !plan.steps.isEmpty else { return .done }
        let nextIndex: Int
        if let currentIndex, currentIndex >= 0 {
            guard currentIndex + 1 < plan.steps.count, plan.steps[min(currentIndex, plan.steps.count - 1)] < 100 else {
                return .done
            }
            let soakEnds = (enteredAt ?? now).addingTimeInterval(plan.minimumSoak)
            guard now >= soakEnds else { return .wait(until: soakEnds) }
            nextIndex = currentIndex + 1
        } else {
            nextIndex = 0
        }
        guard nextIndex < plan.steps.count else { return .done }
        let percent = plan.steps[nextIndex]
        return percent >= 100 ? .complete : .step(index: nextIndex, userFraction: Self.fraction(percent))
    }

    /// `percent` / 100, rounded to 4 decimals so 5 % is exactly `0.05` on the wire.
    public static func fraction(_ percent: Double) -> Double {
        (percent * 100).rounded() / 10_000
    }
}

// MARK: - AppStorePhasedSchedule

/// Apple's fixed phased-release schedule: the share of automatic-update users on each day.
/// App Store Connect reports the day as `currentDayNumber`.
public enum AppStorePhasedSchedule {
    /// Percent of users on days 1–7.
    public static let percentages: [Double] = [1, 2, 5, 10, 20, 50, 100]

    /// The percentage on `day` (`currentDayNumber`): 0 before day 1, 100 from day 7 on.
    public static func percent(forDay day: Int?) -> Double {
        guard let day, day >= 1 else { return 0 }
        return percentages[min(day, percentages.count) - 1]
    }
}
