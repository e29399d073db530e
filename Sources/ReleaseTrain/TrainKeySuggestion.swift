// MARK: - TrainKeySuggestion

/// Finds the known name a user most likely meant, for "did you mean" hints.
enum TrainKeySuggestion {
    /// `; did you mean 'x'?` or nothing.
    static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate equal after ignoring case, `_` and `-`, else the nearest within roughly
    /// one edit per three characters; `nil` when nothing is close enough to help.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let normalized = normalize(word)
        if let exact = candidates.first(where: { normalize($0) == normalized }) { return exact }
        let budget = min(3, max(1, word.count / 3))
        let scored = candidates.map { ($0, distance(normalized, normalize($0))) }.filter { $0.1 <= budget }
        return scored.min { $0.1 < $1.1 }?.0
    }

    private static func normalize(_ word: String) -> [Character] {
        Array(word.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Levenshtein distance.
    private static func distance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        guard !lhs.isEmpty else { return rhs.count }
        guard !rhs.isEmpty else { return lhs.count }
        var previous = Array(0...rhs.count)
        for i in 1...lhs.count {
            var row = [i] + Array(repeating: 0, count: rhs.count)
            for j in 1...rhs.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[rhs.count]
    }
}
