/// Fuzzy matching for the "go to request" palette: every query character must appear in order;
/// the query as one piece (best in the last path component), consecutive runs, word starts and
/// shorter candidates score higher.
public enum FuzzyMatch {
    /// The score of `candidate` for `query`, or nil when it does not match. Case-insensitive.
    public static func score(_ query: String, _ candidate: String) -> Int? {
        let needle = Array(query.lowercased())
        let haystack = Array(candidate.lowercased())
        guard !needle.isEmpty else { return 0 }
        var score = 0
        var position = 0
        var previous = -2
        for character in needle {
            guard let found = haystack[position...].firstIndex(of: character) else { return nil }
            score += 1
            if found == previous + 1 { score += 5 }
            if found == 0 || "/-_ .".contains(haystack[found - 1]) { score += 8 }
            previous = found
            position = found + 1
        }
        let lowered = candidate.lowercased()
        let query = query.lowercased()
        if lowered.contains(query) { score += 20 }
        if lowered.split(separator: "/").last?.contains(query) == true { score += 20 }
        return score * 100 - haystack.count
    }

    /// The candidates that match, best first.
    public static func rank(_ query: String, _ candidates: [String]) -> [String] {
        candidates.compactMap { candidate in score(query, candidate).map { (candidate, $0) } }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
            .map(\.0)
    }
}
