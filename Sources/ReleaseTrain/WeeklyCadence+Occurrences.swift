import Core
import Foundation

// MARK: - Occurrences

extension WeeklyCadence {
    /// The first occurrence strictly after `instant`.
    public func nextOccurrence(after instant: Date) -> Date {
        // One local day back covers an occurrence later today; one cycle plus slack ahead
        // always contains the next matching week.
        let today = WallClock.localDay(of: instant, in: timeZone)
        var day = today - 1
        while true {
            if let occurrence = occurrence(onDay: day), occurrence > instant { return occurrence }
            day += 1
        }
    }

    /// The newest occurrence at or before `instant`, or `nil` when it is before the first.
    public func latestOccurrence(atOrBefore instant: Date) -> Date? {
        let today = WallClock.localDay(of: instant, in: timeZone)
        var day = today + 1
        let limit = today - 7 * intervalWeeks - 2
        while day >= limit {
            if let occurrence = occurrence(onDay: day), occurrence <= instant { return occurrence }
            day -= 1
        }
        return nil
    }

    /// Occurrences in `(lastStart, now]`: the newest is started, older ones are counted as
    /// missed, so a server that was down for three cycles starts one release, not three.
    public func catchUp(lastStart: Date, now: Date) -> CadenceCatchUp {
        guard let newest = latestOccurrence(atOrBefore: now), newest > lastStart else {
            return CadenceCatchUp(occurrence: nil, missed: 0)
        }
        // Older occurrences sit whole cycles of local days before the newest; count those
        // after `lastStart` (capped, so a train idle for decades cannot loop for long).
        let newestDay = WallClock.localDay(of: newest, in: timeZone)
        var older = 0
        var day = newestDay - 7 * intervalWeeks
        while older < 10_000, let occurrence = occurrence(onDay: day), occurrence > lastStart {
            older += 1
            day -= 7 * intervalWeeks
        }
        return CadenceCatchUp(occurrence: newest, missed: older)
    }

    // MARK: Days

    /// The occurrence on local day `day`, or `nil` when that day is not in the rhythm.
    func occurrence(onDay day: Int) -> Date? {
        guard WallClock.isoWeekday(day: day) == weekday else { return nil }
        let anchor = startDay ?? (4 + weekday - 1)  // day 4 is Monday 1970-01-05
        if let startDay, day < startDay { return nil }
        guard CivilCalendar.floorMod(day - anchor, 7 * intervalWeeks) == 0 else { return nil }
        let naive = day * WallClock.secondsPerDay + hour * 3600 + minute * 60
        return WallClock.instant(naiveSeconds: naive, in: timeZone)
    }
}
