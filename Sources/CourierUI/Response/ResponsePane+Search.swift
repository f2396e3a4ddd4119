import CourierJSON
import Foundation

/// Search in the body: started by the pane, run by the driver in slices, its results folded in
/// as they arrive. A new search, a new response or the raw toggle supersede the running one.
extension ResponsePane {
    /// Starts a search for `query`: forgets the last one's matches and returns the job to run,
    /// nil for an empty query or no body.
    mutating func startSearch(_ query: String) -> BodySearch? {
        searchGeneration += 1
        searchQuery = query
        matches = []
        search = nil
        guard !query.isEmpty, let body = current?.body else { return nil }
        let job = BodySearch(generation: searchGeneration, query: query, body: body, raw: raw)
        search = SearchProgress(generation: job.generation, query: query, scanned: 0, total: job.total)
        return job
    }

    /// Takes in a slice of results; returns the sentence for the status line, nil when the
    /// results belong to a search that is no longer running.
    mutating func receiveSearch(generation: Int, lines: [Int], scanned: Int, finished: Bool, height: Int) -> String? {
        guard var progress = search, progress.generation == generation else { return nil }
        // A line that spans two slices can be reported by both.
        let fresh = lines.drop { $0 <= (matches.last ?? -1) }
        matches += fresh.prefix(BodySearch.limit - matches.count)
        progress.scanned = scanned
        progress.count = matches.count
        if !progress.jumped, matches.last.map({ $0 > cursor }) == true {
            progress.jumped = jumpToMatch(forward: true, height: height)
        }
        let full = matches.count >= BodySearch.limit
        guard finished || full else {
            search = progress
            return progress.text
        }
        search = nil
        if matches.isEmpty { return "no line contains \"\(progress.query)\"" }
        // Every match lies above the cursor: wrap to the first, as n would.
        if !progress.jumped { _ = jumpToMatch(forward: true, height: height) }
        return "\(Self.matchCount(matches.count, full: full)) \"\(progress.query)\" · \(position(naming: false))"
    }

    /// Where the cursor is among the matches: `match 3 of 17 "name" · n next · N previous`.
    var matchPosition: String { position(naming: true) }

    /// The position, with the query when the sentence does not already name it.
    private func position(naming: Bool) -> String {
        guard !matches.isEmpty else { return "no matches; / searches" }
        let index = ByteSearch.line(containing: cursor, starts: matches)
        let total = matches.count >= BodySearch.limit ? "\(matches.count)+" : "\(matches.count)"
        return "match \(index + 1) of \(total)" + (naming ? " \"\(searchQuery)\"" : "") + " · n next · N previous"
    }

    /// Stops the running search, keeping what it found; the sentence says how far it got.
    mutating func stopSearch() -> String? {
        guard let progress = search else { return nil }
        search = nil
        let percent = progress.total > 0 ? progress.scanned * 100 / progress.total : 0
        return "search stopped at \(percent)%: \(Self.matchCount(matches.count, full: false)) \"\(progress.query)\" so far"
    }

    /// "1 line matches", "12 lines match", "10000+ lines match".
    private static func matchCount(_ count: Int, full: Bool) -> String {
        count == 1 ? "1 line matches" : "\(count)\(full ? "+" : "") lines match"
    }

    /// Whether `line` is a match; a binary search, so drawing costs the same for any number of matches.
    func isMatch(_ line: Int) -> Bool {
        // The last match at or before `line`, found as a line is found among line starts.
        guard !matches.isEmpty else { return false }
        return matches[ByteSearch.line(containing: line, starts: matches)] == line
    }
}

extension ExplorerState {
    /// The effect that runs `job`, and the status that says it started.
    mutating func startedSearch(_ job: BodySearch) -> [Effect] {
        status = "searching \"\(job.query)\" · esc stops"
        return [.search(job)]
    }
}

extension Effect {
    var isSearch: Bool {
        if case .search = self { return true }
        return false
    }
}
