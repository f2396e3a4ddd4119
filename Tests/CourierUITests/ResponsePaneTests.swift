import CourierTestSupport
import CourierUI
import Foundation
import Testing

@Suite("Response pane")
struct ResponsePaneTests {
    static let body = #"{"data":{"items":[{"id":1,"name":"Ada"},{"id":2,"name":"Grace"},{"id":3,"name":"Edsger"}]},"meta":{"count":3}}"#

    static func snapshot(_ sequence: Int, body: String = body, status: Int? = 200, failure: String? = nil,
                         contentType: String = "application/json") -> ResponseSnapshot {
        ResponseSnapshot(sequence: sequence, status: status, reason: status == nil ? "" : "OK",
                         headers: [(name: "Content-Type", value: contentType)], body: BodyDocument.make(Data(body.utf8), contentType: contentType),
                         duration: 0.034, failure: failure, debugLines: ["request   GET http://127.0.0.1/users"], finishedAt: "12:00:0\(sequence % 10)")
    }

    /// create-user open and sent, the response arrived, focus on the response pane.
    private func answered() -> Harness {
        let harness = Harness.answered(Self.snapshot(1))
        #expect(harness.state.focus == .response)
        return harness
    }

    @Test("Live progress in the title, Esc cancels, and the pane says what happened")
    func progressAndCancel() {
        var harness = Harness(width: 120, height: 30)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter, .ctrl("r"))
        #expect(harness.state.sending == "Demo/users/create-user")
        harness.effects += harness.state.update(.progress(TransferStatus(received: 340_000, toReceive: 1_000_000, elapsed: 1.2)))
        #expect(harness.screen.text.contains("⟳ ↓ 340 KB of 1.0 MB · 34% · 283 KB/s · 1.2 s"))
        #expect(harness.screen.text.contains("esc cancels"))
        harness.press(.ctrl("r"))
        #expect(harness.sent.count == 1, "one request at a time")
        harness.press(.escape)
        #expect(harness.effects.last == .cancelSend)
        harness.effects += harness.state.update(.finished(id: "Demo/users/create-user",
                                                          Self.snapshot(1, body: "", status: nil, failure: "cancelled after 1.2 s, 340 KB received")))
        #expect(harness.state.sending == nil)
        #expect(harness.screen.text.contains("cancelled after 1.2 s, 340 KB received"))
        harness.effects += harness.state.update(.progress(TransferStatus(sent: 50, toSend: 100, elapsed: 0.1)))
        #expect(harness.state.response.transfer == nil, "late progress after the end is ignored")
        #expect(TransferStatus(sent: 2_100_000, toSend: 10_000_000, elapsed: 1).text.hasPrefix("↑ 2.1 MB of 10 MB"))
    }

    @Test("Pretty JSON with line numbers; folding hides a container and shows how much")
    func folding() {
        var harness = answered()
        #expect(harness.screen.text.contains("1  {"))
        #expect(harness.screen.text.contains("\"name\": \"Grace\""))
        harness.press(.character("j"), .character("j"))
        #expect(harness.screen.text.contains("path: data/items"))
        harness.press(.character("z"))
        #expect(!harness.screen.text.contains("Grace"))
        #expect(harness.screen.text.contains("\"items\": [ … 3 items ]"))
        harness.press(.character("j"))
        #expect(harness.screen.text.contains("path: data"), "the cursor jumps over the folded lines")
        harness.press(.character("k"), .right)
        #expect(harness.screen.text.contains("Grace"), "right unfolds")
        harness.press(.left)
        #expect(!harness.screen.text.contains("Grace"), "left folds")
        harness.press(.character("Z"))
        #expect(harness.screen.text.contains("Grace"))
    }

    @Test("Search marks matching lines, n and N move between them, and unfold what hides them")
    func search() {
        var harness = answered()
        harness.press(.character("j"), .character("j"), .character("z"), .character("/"))
        harness.type("name")
        harness.press(.enter)
        #expect(harness.state.status.contains("searching \"name\""))
        harness.runSearches()
        #expect(harness.state.response.matches.count == 3)
        #expect(harness.state.status.contains("3 lines match \"name\""))
        #expect(harness.screen.text.contains("Ada"), "the first match was unfolded")
        let first = harness.state.response.cursor
        harness.press(.character("n"))
        #expect(harness.state.response.cursor > first)
        harness.press(.character("N"))
        #expect(harness.state.response.cursor == first)
        harness.press(.character("/"))
        harness.type("nothing-like-this")
        harness.press(.enter)
        harness.runSearches()
        #expect(harness.state.status.contains("no line contains"))
    }

    @Test("c copies the path under the cursor; C makes it the request's converter")
    func pathToConverter() {
        var harness = answered()
        for _ in 0..<5 { harness.press(.character("j")) }
        harness.press(.character("c"))
        #expect(harness.effects.last == .copy("data/items/0/name"))
        harness.press(.character("C"))
        #expect(harness.state.editor?.draft.converter == "data/items/0/name")
        #expect(harness.state.editor?.isDirty == true)
    }

    @Test("Key path previews what the converter would decode, live, with a sentence when it leads nowhere")
    func keyPath() {
        var harness = answered()
        harness.press(.character("]"), .character("]"), .enter)
        harness.type("data/items/1")
        #expect(harness.screen.text.contains("\"name\": \"Grace\""))
        #expect(!harness.screen.text.contains("Ada"))
        harness.type("/x")
        #expect(harness.screen.text.contains("no key \"x\" in the object at \"data/items/1\""))
        harness.press(.enter, .character("y"))
        #expect(harness.effects.last == .copy("no key \"x\" in the object at \"data/items/1\""))
    }

    @Test("Headers, cURL and Debug tabs; y copies what the tab shows, the cURL command masked; Y copies it with secrets")
    func otherTabs() {
        var harness = answered()
        let masked = "curl 'http://127.0.0.1:9/users' \\\n  -H 'Authorization: Bearer ••••••'"
        let real = "curl 'http://127.0.0.1:9/users' \\\n  -H 'Authorization: Bearer s3cr3t'"
        harness.effects += harness.state.update(.previewed(id: "Demo/users/create-user", Preview(
            curl: masked, curlWithSecrets: real, resolvedURL: nil, baseURL: nil, variables: [:], environments: [])))
        harness.press(.character("]"))
        #expect(harness.screen.text.contains("Content-Type  application/json"))
        harness.press(.character("]"), .character("]"))
        #expect(harness.screen.text.contains("Bearer ••••••") && !harness.screen.text.contains("s3cr3t"))
        harness.press(.character("y"))
        #expect(harness.effects.last == .copyCommand(masked, withSecrets: false))
        harness.press(.character("Y"))
        #expect(harness.effects.last == .copyCommand(real, withSecrets: true))
        #expect(!harness.screen.text.contains("s3cr3t"))
        harness.press(.character("]"))
        #expect(harness.screen.text.contains("request   GET http://127.0.0.1/users"))
    }

    @Test("History keeps the last 50 responses per request and compares them side by side")
    func history() {
        var harness = answered()
        for sequence in 2...60 {
            harness.effects += harness.state.update(.finished(id: "Demo/users/create-user",
                                                              Self.snapshot(sequence, body: sequence % 2 == 0 ? "{}" : Self.body)))
        }
        #expect(harness.state.history["Demo/users/create-user"]?.count == 50)
        #expect(harness.state.history["Demo/users/create-user"]?.first?.sequence == 11)
        // From Body, `[` goes round to Tests, then History.
        harness.press(.character("["), .character("["))
        #expect(harness.state.response.tab == .history)
        #expect(harness.screen.text.contains("status  size"))
        harness.press(.character("k"), .enter)
        #expect(harness.state.response.current?.sequence == 59)
        #expect(harness.screen.text.contains("(shown)"))
        #expect(harness.screen.text.contains("−108 B, +0 ms"), "others are compared with the one shown")
    }

    @Test("History lets go of old bodies past its budget, keeping their status, size and Debug")
    func historyBudget() {
        var harness = answered()
        func huge(_ sequence: Int) -> ResponseSnapshot {
            var snapshot = Self.snapshot(sequence)
            // Zeroed pages are not touched: 90 MB that cost no memory here.
            snapshot.body = BodyDocument(content: .text(TextLines(Data())), data: Data(count: 90_000_000), note: nil)
            return snapshot
        }
        for sequence in 2...5 { harness.effects += harness.state.update(.finished(id: "Demo/users/create-user", huge(sequence))) }
        harness.effects += harness.state.update(.finished(id: "Demo/users/list-users", huge(6)))
        let kept = harness.state.history.values.joined().filter { $0.releasedBodySize == nil && $0.bodySize > 1000 }.map(\.sequence)
        #expect(kept.sorted() == [4, 5, 6], "the newest and the newer ones up to 200 MB; 2 and 3 let go")
        let released = harness.state.history["Demo/users/create-user"]?.first { $0.sequence == 2 }
        #expect(released?.summary == "200 OK · 90 MB · 34 ms")
        #expect(released?.debugLines == ["request   GET http://127.0.0.1/users"])
        #expect(released?.body.note?.contains("this 90 MB body was let go to keep memory bounded") == true)
        #expect(harness.state.history["Demo/users/create-user"]?.first?.releasedBodySize == nil, "small bodies are kept")
        let handedOver = harness.effects.flatMap { effect -> [BodyDocument] in if case .letGo(let bodies) = effect { bodies } else { [] } }
        #expect(handedOver.map(\.data.count) == [90_000_000, 90_000_000], "the driver frees them off the UI thread")
    }
}

@Suite("Response bodies")
struct BodyDocumentTests {
    @Test("Binary bodies are a hex summary, never raw bytes on the terminal")
    func binary() {
        var bytes = [UInt8](repeating: 0x89, count: 5000)
        bytes[1] = 0
        let document = BodyDocument.make(Data(bytes), contentType: "image/png")
        #expect(document.note == "binary: 5.0 KB, image/png; the first 4.1 KB as hex")
        #expect(document.line(0).hasPrefix("00000000  89 00 89 89"))
        #expect(document.lineCount == 256)
    }

    @Test("Invalid UTF-8 and control characters are shown safely, and say so")
    func unsafeText() {
        let document = BodyDocument.make(Data([0x61, 0xFF, 0x62, 0x0A, 0x1B, 0x5B, 0x32, 0x4A, 0x09, 0x63]), contentType: "text/plain")
        #expect(document.note == "not valid UTF-8 at byte 1; invalid bytes shown as �")
        #expect(document.line(0) == "a�b")
        #expect(document.line(1) == "␛[2J    c", "escape sequences cannot reach the terminal")
        let broken = BodyDocument.make(Data(#"{"a": }"#.utf8), contentType: "application/json")
        #expect(broken.note == "not valid JSON (at line 1, column 7: expected a value but found '}'); shown as text")
    }

    @Test("A minified megabyte line is cut when shown, and the raw view indexes lines without decoding them")
    func longLines() {
        let long = String(repeating: "x", count: 1_000_000)
        let document = BodyDocument.make(Data(long.utf8), contentType: "text/plain")
        #expect(document.line(0).utf8.count == TextLines.maximumLineBytes)
        #expect(document.raw.count == 1)
    }
}

@Suite("Body view cost")
struct BodyViewCostTests {
    /// A JSON array of `count` small objects, built by repetition so even 100 MB is quick to make.
    static func json(elements count: Int) -> Data {
        let element = #"{"id":12345,"name":"Ada Lovelace","tags":["a","b"],"ok":true},"#
        let text = "[" + String(repeating: element, count: max(0, count - 1)) + #"{"id":0,"name":"last","tags":[],"ok":false}]"#
        return text.data(using: .utf8) ?? Data()
    }

    /// The explorer showing `body` in the Body tab, the cursor at the top or the bottom.
    static func state(showing body: BodyDocument, atEnd: Bool) -> ExplorerState {
        var harness = Harness(width: 160, height: 50)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter, .ctrl("r"))
        let snapshot = ResponseSnapshot(sequence: 1, status: 200, reason: "OK", headers: [], body: body,
                                        duration: 0.1, failure: nil, debugLines: [], finishedAt: "12:00:00")
        harness.effects += harness.state.update(.finished(id: "Demo/users/create-user", snapshot))
        harness.press(.tab, .tab)
        if atEnd { harness.press(.character("G")) }
        return harness.state
    }

    /// Seconds of debug-build CPU work run on a Dispatch queue, so the concurrency pool (two
    /// threads on CI) stays free for the tests that wait on the network meanwhile.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    @Test("Drawing a 1 KB body and a 100 MB body touches the same number of lines, at the top and at the end")
    func sameWork() async throws {
        try await ExclusiveTime.run { try await exclusiveSameWork() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveSameWork() async throws {
        let smallData = Self.json(elements: 15)
        let small = BodyDocument.make(smallData, contentType: "application/json")
        // Indexed once: the cost under test is drawing, not indexing.
        let (largeSize, large) = await Self.offThePool {
            let data = Self.json(elements: 1_650_000)
            return (data.count, BodyDocument.make(data, contentType: "application/json"))
        }
        #expect(smallData.count < 1_100 && largeSize > 100_000_000)
        let preview = try #require(BodyDocument.preview(large.data))
        #expect(BodyDocument.preview(smallData) == nil, "small bodies are indexed at once")
        #expect(preview.lineCount > 50 && preview.lineCount < 100_000, "the preview indexes only the start")
        #expect((0..<50).map(preview.line) == (0..<50).map(large.line))
        var harness = Harness(width: 160, height: 50)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter, .ctrl("r"))
        harness.effects += harness.state.update(.finished(id: "Demo/users/create-user", ResponseSnapshot(
            sequence: 7, status: 200, reason: "OK", headers: [], body: preview, duration: 1, failure: nil, debugLines: [], finishedAt: "12:00:00")))
        #expect(harness.screen.text.contains("indexing 10"), "the note says the rest is being indexed")
        harness.effects += harness.state.update(.bodyIndexed(id: "Demo/users/create-user", sequence: 7, large))
        #expect(harness.state.response.current?.body.lineCount == large.lineCount)
        #expect(harness.state.history["Demo/users/create-user"]?.last?.body == large)
        #expect(!harness.screen.text.contains("indexing"))
        #expect(large.isJSON && large.lineCount > 10_000_000)
        for atEnd in [false, true] {
            let smallStatistics = RenderStatistics()
            let largeStatistics = RenderStatistics()
            _ = Self.state(showing: small, atEnd: atEnd).render(statistics: smallStatistics)
            _ = Self.state(showing: large, atEnd: atEnd).render(statistics: largeStatistics)
            #expect(smallStatistics.bodyLinesFetched > 20, "the small body fills the view")
            #expect(largeStatistics.bodyLinesFetched == smallStatistics.bodyLinesFetched, "at the \(atEnd ? "end" : "top")")
            #expect(largeStatistics.bodyBytesFetched < 4_000, "only the lines on screen are decoded")
        }
    }
}
