@testable import CourierExplorer
import CourierUI
import Foundation
import Testing

@Suite("Background search in the explorer's driver")
struct SearchRunnerTests {
    /// 8 MB of text in 50-byte lines, a match on every 100th line.
    static let body: BodyDocument = {
        let match = Array("a line with a needle in it .....................\n".utf8)
        let other = Array("a line with nothing to see here ................\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160_000 * 50)
        for line in 0..<160_000 { bytes += line % 100 == 0 ? match : other }
        return BodyDocument.make(Data(bytes), contentType: "text/plain")
    }()

    private func collect(_ inbox: Inbox, until done: ([Action]) -> Bool) async throws -> [Action] {
        var actions: [Action] = []
        for _ in 0..<2000 where !done(actions) {
            actions += inbox.drain()
            try await Task.sleep(for: .milliseconds(5))
        }
        return actions
    }

    private func slices(_ actions: [Action]) -> [(lines: [Int], scanned: Int, finished: Bool)] {
        actions.compactMap { if case .searchFound(_, let lines, let scanned, let finished) = $0 { (lines, scanned, finished) } else { nil } }
    }

    @Test("A search posts its results slice by slice, in order, and the slices add up to the whole")
    func incremental() async throws {
        let inbox = Inbox()
        let runner = SearchRunner(inbox: inbox, sliceSize: 1 << 20)
        let job = BodySearch(generation: 1, query: "needle", body: Self.body)
        runner.start(job)
        let posted = slices(try await collect(inbox) { slices($0).last?.finished == true })
        #expect(posted.count == (job.total + (1 << 20) - 1) >> 20, "one post per megabyte")
        #expect(posted.map(\.scanned) == posted.map(\.scanned).sorted() && posted.last?.scanned == job.total)
        #expect(posted.flatMap(\.lines) == job.run())
        #expect(posted.flatMap(\.lines).count == 1600)
    }

    @Test("Cancelling stops it between slices; starting another stops the first")
    func cancelling() async throws {
        let inbox = Inbox()
        let runner = SearchRunner(inbox: inbox, sliceSize: 16 << 10)
        let job = BodySearch(generation: 1, query: "needle", body: Self.body)
        runner.start(job)
        _ = try await collect(inbox) { !$0.isEmpty }
        runner.cancel()
        _ = inbox.drain()
        try await Task.sleep(for: .milliseconds(300))
        let afterwards = slices(inbox.drain())
        #expect(afterwards.count <= 1, "at most the slice under way when cancelled")
        #expect(!afterwards.contains { $0.finished }, "a cancelled search never reaches its end")

        // A fresh pair, numbered apart from the cancelled one.
        let first = BodySearch(generation: 2, query: "needle", body: Self.body)
        let second = BodySearch(generation: 3, query: "needle", body: Self.body)
        runner.start(first)
        runner.start(second)
        func isSlice(of generation: Int, finished: Bool? = nil) -> (Action) -> Bool {
            { action in
                guard case .searchFound(generation, _, _, let done) = action else { return false }
                return finished.map { $0 == done } ?? true
            }
        }
        let posted = try await collect(inbox) { $0.contains(where: isSlice(of: 3, finished: true)) }
        let secondStarted = try #require(posted.firstIndex(where: isSlice(of: 3)))
        #expect(!posted.contains(where: isSlice(of: 2, finished: true)), "the first never finishes")
        // The first may have run many slices before the second started (this thread can be
        // descheduled between the two calls), and may finish the one under way; no more.
        #expect(posted[secondStarted...].filter(isSlice(of: 2)).count <= 1, "the first stops once the second starts")
    }
}
