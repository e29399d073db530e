/// Parses the durations pipeline files use for `timeout`: `90s`, `30m`, `1h`, combinations
/// such as `1h30m`, or a plain number of seconds.
enum DurationText {
    /// Seconds for `text`, or `nil` when it is not a duration. Zero is returned as zero; range
    /// checks are the caller's, so it can name the field.
    static func seconds(from text: String) -> Double? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        if trimmed.allSatisfy(\.isASCIIDigit) {
            return Double(trimmed)
        }
        var total = 0.0
        var digits = ""
        var seenUnits: Set<Character> = []
        var lastUnitRank = Int.max
        for character in trimmed {
            if character.isASCIIDigit {
                digits.append(character)
                continue
            }
            // Units must each appear once, largest first: `30m1h` is almost surely a mistake.
            guard let (multiplier, rank) = unit(character), let value = Double(digits),
                  !seenUnits.contains(character), rank < lastUnitRank
            else { return nil }
            seenUnits.insert(character)
            lastUnitRank = rank
            total += value * multiplier
            digits = ""
        }
        return digits.isEmpty ? total : nil
    }

    /// Seconds per unit and its rank (hours outrank minutes outrank seconds).
    private static func unit(_ character: Character) -> (Double, Int)? {
        switch character {
        case "h": (3600, 3)
        case "m": (60, 2)
        case "s": (1, 1)
        default: nil
        }
    }
}

// MARK: - Small text helpers

extension Character {
    /// `0`–`9` only: `Character.isNumber` also accepts other scripts' digits and fractions.
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        let characters = Substring(self)
        let start = characters.firstIndex { !$0.isWhitespace } ?? characters.endIndex
        let end = characters.lastIndex { !$0.isWhitespace }.map(characters.index(after:)) ?? start
        return start < end ? String(characters[start..<end]) : ""
    }
}
