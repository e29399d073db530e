import Foundation
import MemberwiseInit

// MARK: - Cadence

/// When a train starts releases on its own: never (`manual`), or on a weekly rhythm.
///
/// Written as one line of text in the file and in JSON:
///
/// ```
/// manual
/// every week on monday at 09:00 UTC
/// every 2 weeks on tuesday at 10:00 Europe/Berlin
/// every 2 weeks on tue at 10:00 Europe/Berlin starting 2025-01-07
/// ```
///
/// See ``WeeklyCadence`` for the rules (time zone, which weeks count, DST).
public enum Cadence: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Releases start only when someone starts them.
    case manual
    /// Releases start every few weeks on a weekday at a wall-clock time in a time zone.
    case weekly(WeeklyCadence)

    /// Parses the one-line form; the error message says what was expected.
    public init(parsing text: String) throws(CadenceSyntaxError) {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        if words.count == 1, words[0].lowercased() == "manual" {
            self = .manual
            return
        }
        self = .weekly(try WeeklyCadence(words: words))
    }

    /// The one-line form, which ``init(parsing:)`` reads back.
    public var description: String {
        switch self {
        case .manual: "manual"
        case .weekly(let weekly): weekly.description
        }
    }

    // MARK: Scheduling

    /// The first start strictly after `instant`, or `nil` for a manual train.
    public func nextOccurrence(after instant: Date) -> Date? {
        guard case .weekly(let weekly) = self else { return nil }
        return weekly.nextOccurrence(after: instant)
    }

    /// What to start when the scheduler wakes at `now` and the last start (or the train's
    /// creation) was at `lastStart`. A manual train never has anything to start.
    public func catchUp(lastStart: Date, now: Date) -> CadenceCatchUp {
        guard case .weekly(let weekly) = self else { return CadenceCatchUp(occurrence: nil, missed: 0) }
        return weekly.catchUp(lastStart: lastStart, now: now)
    }

    // MARK: Codable

    /// Decodes the one-line form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try Cadence(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the one-line form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

// MARK: - CadenceSyntaxError

/// Why a cadence line could not be read.
public struct CadenceSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what the syntax is.
    public var description: String

    /// Wraps a message.
    init(_ description: String) {
        self.description = description
    }

    /// The message for a line that does not follow the syntax at all.
    static func syntax(_ detail: String) -> CadenceSyntaxError {
        CadenceSyntaxError(
            "\(detail); write 'manual' or 'every [N] weeks on <weekday> at HH:MM [<time zone>] [starting YYYY-MM-DD]', "
                + "e.g. 'every 2 weeks on tuesday at 10:00 Europe/Berlin'"
        )
    }
}

// MARK: - CadenceCatchUp

/// The answer to "which starts did we miss?": the newest missed occurrence is started once,
/// the older ones are only counted (for the audit log), never started.
@MemberwiseInit(.public)
public struct CadenceCatchUp: Sendable, Hashable {
    /// The occurrence to start now, or `nil` when nothing is due.
    public var occurrence: Date?
    /// How many due occurrences are skipped because a newer one supersedes them.
    public var missed: Int
}
