import Foundation
import ReleaseTrain
import Testing

@Suite("Version schemes: next versions and hotfixes")
struct VersionSchemeTests {
    private let utc = TimeZone(identifier: "UTC") ?? .current

    @Test("Semver bumps the configured part; hotfixes bump the patch", arguments: [
        (SemverPart.major, "3.0.0"), (.minor, "2.5.0"), (.patch, "2.4.2"),
    ])
    func semver(part: SemverPart, expected: String) throws {
        let scheme = VersionScheme.semver(bump: part)
        #expect(try scheme.nextVersion(after: "v2.4.1", at: Date(), timeZone: utc) == expected)
        #expect(try scheme.hotfixVersion(after: "2.4.1") == "2.4.2")
        #expect(try scheme.nextVersion(after: nil, at: Date(), timeZone: utc) == "1.0.0")
    }

    @Test("Semver rejects what is not a release version")
    func semverErrors() {
        #expect(throws: VersionError.self) { try VersionScheme.semver(bump: .minor).nextVersion(after: "2.4.1-beta", at: Date(), timeZone: utc) }
        #expect(throws: VersionError.self) { try SemanticVersion(parsing: "latest") }
    }

    @Test("Calver YYYY.MM.DD in the train's time zone; a second release the same day needs N")
    func calverDays() throws {
        let scheme = VersionScheme.calver(try CalendarVersionFormat(parsing: "YYYY.0M.0D"))
        let date = try instant("2025-03-31T23:30:00Z")
        #expect(try scheme.nextVersion(after: nil, at: date, timeZone: utc) == "2025.03.31")
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(try scheme.nextVersion(after: nil, at: date, timeZone: berlin) == "2025.04.01")
        #expect(throws: VersionError.self) { try scheme.nextVersion(after: "2025.03.31", at: date, timeZone: utc) }
        #expect(try scheme.hotfixVersion(after: "2025.03.31") == "2025.03.31.1")
        #expect(try scheme.hotfixVersion(after: "2025.03.31.1") == "2025.03.31.2")
    }

    @Test("Calver YYYY.0W.N counts releases per ISO week and restarts the next week")
    func calverWeeks() throws {
        let scheme = VersionScheme.calver(try CalendarVersionFormat(parsing: "YYYY.0W.N"))
        let date = try instant("2025-03-12T10:00:00Z")  // ISO week 11
        #expect(try scheme.nextVersion(after: nil, at: date, timeZone: utc) == "2025.11.1")
        #expect(try scheme.nextVersion(after: "2025.11.1", at: date, timeZone: utc) == "2025.11.2")
        #expect(try scheme.nextVersion(after: "2025.10.4", at: date, timeZone: utc) == "2025.11.1")
        // 2024-12-30 belongs to ISO week 1 of 2025.
        #expect(try scheme.nextVersion(after: nil, at: try instant("2024-12-30T10:00:00Z"), timeZone: utc) == "2025.01.1")
        #expect(try scheme.hotfixVersion(after: "2025.11.2") == "2025.11.3")
    }

    @Test("Calver formats are checked")
    func calverFormats() {
        #expect(throws: VersionError.self) { try CalendarVersionFormat(parsing: "YYYY.QQ") }
        #expect(throws: VersionError.self) { try CalendarVersionFormat(parsing: "N.YYYY") }
        #expect(throws: VersionError.self) { try CalendarVersionFormat(parsing: "YYYY.0W.0D") }
        #expect(throws: VersionError.self) { try CalendarVersionFormat(parsing: "N") }
    }
}
