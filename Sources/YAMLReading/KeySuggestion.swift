/// Finds the known name a user most likely meant, for "did you mean" hints.
///
/// Two tiers: names equal after ignoring case, `_` and `-` (`dependsOn`, `depends-on` →
/// `depends_on`), then names within a small edit distance (`comands` → `commands`).
public enum KeySuggestion {
    /// The best candidate for `word`, or `nil` when none is close enough to be helpful.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let normalizedWord = normalize(word)
        if let exact = candidates.first(where: { normalize($0) == normalizedWord }) {
            return exact
        }
        // Allow roughly one typo per three characters, at least one, at most three.
        let budget = min(3, max(1, word.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(normalizedWord, normalize(candidate))
            if distance <= budget, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `; did you mean 'x'?` or nothing, ready to append to a message.
    public static func hint(for word: String, in candidates: [String], quote: (String) -> String = { "'\($0)'" }) -> String {
        closest(to: word, in: candidates).map { "; did you mean \(quote($0))?" } ?? ""
    }

    // MARK: Distance

    /// Lowercased, without `_` and `-`, so `dependsOn` and `depends-on` match `depends_on`.
    private static func normalize(_ word: String) -> [Character] {
        Array(word.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    private static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previousRow = [Int](0...rhs.count)
        var rowBeforeThat = previousRow
        for i in 1...lhs.count {
            var row = [i] + [Int](repeating: 0, count: rhs.count)
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    row[j] = min(row[j], rowBeforeThat[j - 2] + 1)
                }
            }
            rowBeforeThat = previousRow
            previousRow = row
        }
        return previousRow[rhs.count]
    }
}
