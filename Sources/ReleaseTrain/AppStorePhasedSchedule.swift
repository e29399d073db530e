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
