import Foundation
import ReleaseTrain
import Testing

@Suite("Cadence: next start in the train's time zone, DST-safe, and restart catch-up")
struct CadenceTests {
    private func weekly(_ text: String) throws -> Cadence {
        try Cadence(parsing: text)
    }

    @Test("Syntax: manual, abbreviations, default UTC, starting date; errors explain the syntax")
    func syntax() throws {
        #expect(try weekly("manual") == .manual)
        #expect(try weekly("every week on Mon at 9:00").description == "every week on monday at 09:00 UTC")
        #expect(try weekly("every 2 weeks on tue at 10:00 Europe/Berlin starting 2025-01-07").description
            == "every 2 weeks on tuesday at 10:00 Europe/Berlin starting 2025-01-07")
        let problems = [
            ("every 2 weeks on tuesday at 25:00 UTC", "not a time of day"),
            ("every 2 weeks on tuesday at 10:00 Mars/Olympus", "unknown time zone 'Mars/Olympus'"),
            ("every 2 days at 10:00", "expected 'week' or 'weeks'"),
            ("every 0 weeks on monday at 10:00", "between 1 and 52"),
            ("every week on monday at 10:00 UTC starting 2025-01-07", "is not a monday"),
            ("sometimes", "write 'manual' or 'every"),
        ]
        for (text, fragment) in problems {
            #expect(throws: CadenceSyntaxError.self, "\(text)") { try Cadence(parsing: text) }
            do {
                _ = try Cadence(parsing: text)
            } catch {
                #expect(error.description.contains(fragment), "\(text): \(error)")
            }
        }
    }

    @Test("Weekly at 10:00 Berlin stays 10:00 local across the March DST change (09:00Z → 08:00Z)")
    func acrossSpringForward() throws {
        let cadence = try weekly("every week on tuesday at 10:00 Europe/Berlin")
        // 2025-03-30 is the change to summer time in Europe.
        let before = try #require(cadence.nextOccurrence(after: try instant("2025-03-20T12:00:00Z")))
        #expect(before == (try instant("2025-03-25T09:00:00Z")))
        let after = try #require(cadence.nextOccurrence(after: before))
        #expect(after == (try instant("2025-04-01T08:00:00Z")))
        #expect(after.timeIntervalSince(before) == 7 * 86_400 - 3600)
    }

    @Test("And back in October (08:00Z → 09:00Z); an instant exactly at an occurrence moves on")
    func acrossFallBack() throws {
        let cadence = try weekly("every week on tuesday at 10:00 Europe/Berlin")
        let october = try #require(cadence.nextOccurrence(after: try instant("2025-10-21T08:00:00Z")))
        #expect(october == (try instant("2025-10-28T09:00:00Z")))
    }

    @Test("A time skipped by spring-forward happens an hour later; a repeated one happens the first time")
    func gapAndOverlap() throws {
        let gap = try weekly("every week on sunday at 02:30 Europe/Berlin")
        // 02:30 does not exist on 2025-03-30: 01:30Z is 03:30 CEST.
        #expect(gap.nextOccurrence(after: try instant("2025-03-29T00:00:00Z")) == (try instant("2025-03-30T01:30:00Z")))
        // 02:30 happens twice on 2025-10-26: first at 00:30Z (CEST).
        #expect(gap.nextOccurrence(after: try instant("2025-10-25T00:00:00Z")) == (try instant("2025-10-26T00:30:00Z")))
    }

    @Test("Every 2 weeks follows the starting date's rhythm")
    func biweekly() throws {
        let cadence = try weekly("every 2 weeks on tuesday at 10:00 UTC starting 2025-01-07")
        #expect(cadence.nextOccurrence(after: try instant("2025-01-01T00:00:00Z")) == (try instant("2025-01-07T10:00:00Z")))
        #expect(cadence.nextOccurrence(after: try instant("2025-01-07T10:00:00Z")) == (try instant("2025-01-21T10:00:00Z")))
        #expect(cadence.nextOccurrence(after: try instant("2025-01-14T11:00:00Z")) == (try instant("2025-01-21T10:00:00Z")))
        #expect(Cadence.manual.nextOccurrence(after: Date()) == nil)
    }

    @Test("Restart catch-up: three missed weeks start once, the newest; nothing due starts nothing")
    func catchUp() throws {
        let cadence = try weekly("every week on monday at 09:00 Europe/Berlin")
        let lastStart = try instant("2025-03-03T08:00:00Z")
        let now = try instant("2025-03-26T12:00:00Z")
        let catchUp = cadence.catchUp(lastStart: lastStart, now: now)
        #expect(catchUp.occurrence == (try instant("2025-03-24T08:00:00Z")))
        #expect(catchUp.missed == 2)
        let nothing = cadence.catchUp(lastStart: try instant("2025-03-24T08:00:00Z"), now: now)
        #expect(nothing == CadenceCatchUp(occurrence: nil, missed: 0))
        #expect(Cadence.manual.catchUp(lastStart: lastStart, now: now).occurrence == nil)
    }
}
