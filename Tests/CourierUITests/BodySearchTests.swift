import CourierJSON
import CourierUI
import Foundation
import Testing

@Suite("Search in the background")
struct BodySearchTests {
    /// 300 users, one `"name": "user N"` line each, about 17 KB pretty.
    static let users: String = {
        let items = (0..<300).map { #"{"id":\#($0),"name":"user \#($0)","role":"\#($0 % 3 == 0 ? "admin" : "reader")"}"# }
        return #"{"users":["# + items.joined(separator: ",") + "]}"
    }()

    /// The explorer with the users body shown and focus on the response pane.
    private func answered(body: String = users) -> Harness {
        var harness = Harness(width: 100, height: 30)
        harness.press(.character("p"))
        harness.type("list-users")
        harness.press(.enter, .ctrl("r"))
        harness.effects += harness.state.update(.finished(id: "Demo/users/list-users", ResponsePaneTests.snapshot(1, body: body)))
        harness.press(.tab, .tab)
        return harness
    }

    private func search(_ query: String, in harness: inout Harness) -> BodySearch? {
        // The field opens with the last query; ctrl-u clears it.
        harness.press(.character("/"), .ctrl("u"))
        harness.type(query)
        harness.press(.enter)
        return harness.pendingSearches.last
    }

    private func slice(_ job: BodySearch, _ range: Range<Int>, into harness: inout Harness) {
        harness.effects += harness.state.update(.searchFound(generation: job.generation, lines: job.lines(in: range),
                                                             scanned: range.upperBound, finished: range.upperBound >= job.total))
    }

    @Test("Results arrive slice by slice: the cursor goes to the first match at once, the status counts up, the end says how many")
    func incremental() throws {
        var harness = answered()
        let job = try #require(search("admin", in: &harness))
        #expect(harness.state.response.search != nil)
        let third = job.total / 3
        slice(job, 0..<third, into: &harness)
        let early = harness.state.response.matches.count
        #expect(early > 10 && early < 100, "about a third of the 100 admins: \(early)")
        #expect(harness.state.status.hasPrefix("searching \"admin\" · 33% · \(early) lines so far · esc stops"))
        let firstMatch = harness.state.response.matches[0]
        #expect(harness.state.response.cursor == firstMatch, "the first match is shown before the search ends")
        #expect(harness.screen.text.contains("\"role\": \"admin\""))
        slice(job, third..<(2 * third), into: &harness)
        slice(job, (2 * third)..<job.total, into: &harness)
        #expect(harness.state.response.matches.count == 100)
        #expect(harness.state.response.matches == job.run(), "slices find what one pass finds, each line once")
        #expect(harness.state.response.search == nil)
        #expect(harness.state.status == "100 lines match \"admin\" · match 1 of 100 · n next · N previous")
        #expect(harness.state.response.cursor == firstMatch, "later slices do not move the cursor")
    }

    @Test("Slices cut anywhere, even through a match, find each matching line exactly once")
    func sliceBoundaries() throws {
        var harness = answered()
        let job = try #require(search("user 1", in: &harness))
        let whole = job.run()
        #expect(whole.count == 111, "user 1, 10–19, 100–199")
        for size in [1, 7, 64, 1000] {
            var found: [Int] = []
            var start = 0
            while start < job.total {
                for line in job.lines(in: start..<min(job.total, start + size)) where line > (found.last ?? -1) { found.append(line) }
                start += size
            }
            #expect(found == whole, "slices of \(size) bytes")
        }
    }

    @Test("Esc stops the search and keeps what it found; the driver is told to stop; late slices are ignored")
    func cancel() throws {
        var harness = answered()
        let job = try #require(search("reader", in: &harness))
        slice(job, 0..<(job.total / 2), into: &harness)
        let found = harness.state.response.matches.count
        harness.press(.escape)
        #expect(harness.effects.last == .cancelSearch)
        let percent = job.total / 2 * 100 / job.total
        #expect(harness.state.status == "search stopped at \(percent)%: \(found) lines match \"reader\" so far")
        slice(job, (job.total / 2)..<job.total, into: &harness)
        #expect(harness.state.response.matches.count == found, "a slice already under way when Esc came is dropped")
        harness.press(.character("n"))
        #expect(harness.state.response.matches.contains(harness.state.response.cursor), "n moves between the matches found")
    }

    @Test("A new search replaces the running one; a new response or the raw view stops it")
    func superseded() throws {
        var harness = answered()
        let first = try #require(search("admin", in: &harness))
        let second = try #require(search("user 29", in: &harness))
        #expect(second.generation > first.generation)
        slice(first, 0..<first.total, into: &harness)
        #expect(harness.state.response.matches.isEmpty, "results of the replaced search are ignored")
        slice(second, 0..<second.total, into: &harness)
        #expect(harness.state.response.matches.count == 11)

        _ = try #require(search("admin", in: &harness))
        harness.press(.character("r"))
        #expect(harness.effects.last == .cancelSearch, "the raw view stops the search")
        _ = try #require(search("admin", in: &harness))
        harness.effects += harness.state.update(.finished(id: "Demo/users/list-users", ResponsePaneTests.snapshot(2)))
        #expect(harness.effects.last == .cancelSearch, "a new response stops the search")
        #expect(harness.state.response.search == nil)
    }

    @Test("A search of a large body's first screen starts again over the whole body once it is indexed")
    func restartsWhenIndexed() throws {
        var harness = Harness(width: 100, height: 30)
        harness.press(.character("p"))
        harness.type("list-users")
        harness.press(.enter, .ctrl("r"))
        let big = Data(Self.users.utf8)
        var preview = ResponsePaneTests.snapshot(1)
        preview.body = BodyDocument(content: .json(JSONPrettyDocument(prefixOf: big, length: 2000)), data: big, note: "indexing")
        harness.effects += harness.state.update(.finished(id: "Demo/users/list-users", preview))
        harness.press(.tab, .tab)
        let partial = try #require(search("admin", in: &harness))
        #expect(partial.total == 2000)
        harness.effects += harness.state.update(.bodyIndexed(id: "Demo/users/list-users", sequence: 1, BodyDocument.make(big)))
        let whole = try #require(harness.pendingSearches.last)
        #expect(whole.generation > partial.generation && whole.total == big.count)
        harness.runSearches(slice: 4096)
        #expect(harness.state.response.matches.count == 100)
    }

    @Test("Raw text and hex bodies are searched by line too")
    func otherBodies() throws {
        var harness = answered(body: "alpha\nbeta\nALPHABET\ngamma\n")
        #expect(harness.state.response.cursorPath == nil, "shown as text, not JSON")
        _ = try #require(search("alpha", in: &harness))
        harness.runSearches(slice: 3)
        #expect(harness.state.response.matches == [0, 2])
        let binary = Data((0..<200).map { UInt8($0) })
        let job = BodySearch(generation: 1, query: "|.", body: BodyDocument.make(binary))
        #expect(job.total == 13, "13 hex lines")
        #expect(!job.run().isEmpty)
    }
}
