import CourierUI
import Foundation
import Testing

@Suite("Large bodies out of view (model)")
struct LettingGoTests {
    static let id = "Demo/users/create-user"

    /// A 90 MB response of this session; zeroed pages are never touched, so it costs no memory here.
    static func huge(_ sequence: Int) -> ResponseSnapshot {
        var snapshot = ResponsePaneTests.snapshot(sequence)
        snapshot.body = BodyDocument(content: .text(TextLines(Data())), data: Data(count: 90_000_000), note: nil)
        return snapshot
    }

    /// History wrote response `sequence` as entry `sequence`, its body kept.
    static func recorded(_ sequence: Int) -> Action {
        .historyRecorded(id: id, sequence: sequence, StoredResponse(entry: Int64(sequence), environment: nil, bodyKept: true,
                                                                    definition: nil, restored: false), pruned: [])
    }

    static func letGo(_ effects: [Effect]) -> [BodyDocument] {
        effects.flatMap { effect -> [BodyDocument] in if case .letGo(let bodies) = effect { bodies } else { [] } }
    }

    static func reads(_ effects: [Effect]) -> [Int] {
        effects.compactMap { effect -> Int? in if case .loadStoredBody(_, let snapshot) = effect { snapshot.sequence } else { nil } }
    }

    /// create-user sent five times, each 90 MB response kept by History.
    static func fiveSent() -> Harness {
        var harness = Harness.opening("create-user", width: 100, height: 40)
        for sequence in 1...5 {
            harness.press(.ctrl("r"))
            harness.receive(.finished(id: id, huge(sequence)))
            harness.receive(recorded(sequence))
        }
        return harness
    }

    static func kept(_ harness: Harness) -> [Int] {
        (harness.state.history[id] ?? []).filter { $0.releasedBodySize == nil }.map(\.sequence)
    }

    @Test("of five large responses History keeps, only the one in view holds its body; the others are let go, sizes and Debug kept")
    func onlyTheOneInView() {
        let harness = Self.fiveSent()
        #expect(Self.kept(harness) == [5])
        #expect(Self.letGo(harness.effects).map(\.data.count) == Array(repeating: 90_000_000, count: 4), "freed off the UI thread")
        let first = harness.state.history[Self.id]?.first
        #expect(first?.summary == "200 OK · 90 MB · 34 ms")
        #expect(first?.debugLines == ["request   GET http://127.0.0.1/users"])
        #expect(Self.reads(harness.effects).isEmpty, "nothing is read back while the newest is in view")
    }

    @Test("each of the five opens from History: its body is read back, and the one shown before is let go")
    func allFiveViewable() {
        var harness = Self.fiveSent()
        harness.press(.character("H"))
        #expect(harness.screen.text.contains("status  size"))
        for position in 0..<5 {
            let sequence = position + 1
            let before = harness.effects.count
            harness.press(.character("g"))
            for _ in 0..<position { harness.press(.character("j")) }
            harness.press(.enter)
            let effects = Array(harness.effects[before...])
            #expect(harness.state.response.current?.sequence == sequence)
            // The newest too: it was let go when the first came into view.
            #expect(Self.reads(effects) == [sequence], "read back once")
            #expect(harness.state.response.current?.body.note?.contains("reading the 90 MB body from History") == true)
            let body = BodyDocument.make(Data(ResponsePaneTests.body.utf8), contentType: "application/json")
            harness.receive(.bodyIndexed(id: Self.id, sequence: sequence, body))
            #expect(harness.state.response.current?.body.lineCount == body.lineCount)
            #expect(Self.kept(harness).contains(sequence))
            #expect(Self.kept(harness).allSatisfy { $0 == sequence || !Self.isHuge($0, in: harness) }, "only the one in view stays large")
            harness.press(.character("H"))
        }
        harness.press(.character("]"), .character("]"))
        #expect(harness.state.response.tab == .body)
        #expect(harness.screen.text.contains("\"name\": \"Grace\""))
    }

    static func isHuge(_ sequence: Int, in harness: Harness) -> Bool {
        harness.state.history[id]?.first { $0.sequence == sequence }?.body.memoryCost ?? 0 >= 1_000_000
    }

    @Test("a body let go while another request was open is read back by itself when its request shows again")
    func readBackWhenShownAgain() {
        var harness = Harness.opening("create-user", width: 100, height: 40)
        harness.press(.ctrl("r"))
        harness.receive(.finished(id: Self.id, Self.huge(1)))
        harness.receive(Self.recorded(1))
        #expect(Self.letGo(harness.effects).isEmpty, "in view, it stays")
        harness.press(.character("p"))
        harness.type("list-users")
        harness.press(.enter)
        #expect(Self.letGo(harness.effects).map(\.data.count) == [90_000_000], "out of view, History can read it back: let go")
        #expect(Self.reads(harness.effects).isEmpty)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter)
        #expect(Self.reads(harness.effects) == [1], "shown again, it is read back once")
        #expect(harness.state.response.current?.body.note?.contains("reading the 90 MB body") == true)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter)
        #expect(Self.reads(harness.effects) == [1], "not asked for twice while it is read")
    }

    @Test("a response read back from an earlier session is read only when asked for (⏎ in History)")
    func earlierSessionsWait() {
        var harness = Harness.opening("create-user", width: 100, height: 40)
        harness.receive(.historyLoaded(id: Self.id, environment: nil, [HistoryModelTests.restored(101, entry: 1)]))
        #expect(harness.state.response.current?.sequence == 101)
        #expect(Self.reads(harness.effects).isEmpty)
    }

    @Test("bodies History did not keep stay within the larger budget, since letting them go loses them")
    func unkeptBodiesKeepTheirBudget() {
        var harness = Harness.opening("create-user", width: 100, height: 40)
        for sequence in 1...3 {
            harness.press(.ctrl("r"))
            harness.receive(.finished(id: Self.id, Self.huge(sequence)))
        }
        #expect(Self.kept(harness) == [1, 2, 3], "two besides the one in view fit in 200 MB")
        harness.receive(Self.recorded(1))
        #expect(Self.kept(harness) == [2, 3], "once History keeps one, it goes within the read-back budget")
    }

    @Test("a JSON body's cost counts its line index besides its bytes")
    func costCountsTheIndex() {
        let numbers = "[" + (0..<20_000).map(String.init).joined(separator: ",") + "]"
        let document = BodyDocument.make(Data(numbers.utf8), contentType: "application/json")
        #expect(document.lineCount == 20_002)
        #expect(document.memoryCost > 2 * numbers.utf8.count, "ten bytes a line outweigh the numbers themselves")
        let lines = Data((0..<20_000).map(String.init).joined(separator: "\n").utf8)
        let text = BodyDocument.make(lines, contentType: "text/plain")
        #expect(text.lineCount == 20_000)
        #expect(text.memoryCost > lines.count + 20_000 * 4, "a text body's line starts count too")
    }
}
