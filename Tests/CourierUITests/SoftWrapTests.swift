import CourierUI
import Testing

/// `w` wraps long body lines by display width; continuation rows have no line number.
@Suite("Soft wrap")
struct SoftWrapTests {
    private static let long = (1...40).map { "word\($0)" }.joined(separator: "-") + " 日本語の終わり"

    private func answered(_ body: String, contentType: String = "text/plain") -> Harness {
        Harness.answered(ResponsePaneTests.snapshot(1, body: body, contentType: contentType))
    }

    @Test("A long line runs past the edge until w wraps it; its continuation rows have a blank gutter")
    func wraps() {
        var harness = answered(Self.long + "\nsecond line")
        #expect(!harness.screen.text.contains("終わり"))
        harness.press(.character("w"))
        #expect(harness.state.status == "long lines wrap")
        let text = harness.screen.text
        #expect(text.contains("終わり"), "the end of the line is on screen")
        let rows = (0..<40).map(harness.line)
        guard let first = rows.firstIndex(where: { $0.contains("word1-word2") }), first + 1 < rows.count else {
            Issue.record("the first row is not drawn:\n\(text)")
            return
        }
        // What the body pane draws on a row: the text after its left border.
        func inPane(_ row: String) -> Substring { row.split(separator: "┃", omittingEmptySubsequences: false).dropFirst().first ?? "" }
        #expect(inPane(rows[first]).hasPrefix("1  word1-"))
        #expect(inPane(rows[first + 1]).hasPrefix("   ") && inPane(rows[first + 1]).contains("word"), "a blank gutter, the line going on")
        #expect(rows.contains { inPane($0).hasPrefix("2  second line") }, "the next line keeps its number")
        harness.press(.character("w"))
        #expect(!harness.screen.text.contains("終わり"))
    }

    @Test("Wrapped JSON keeps its colours across the break, and the cursor's rows stay on screen")
    func cursorStaysVisible() {
        let items = (0..<30).map { "\"\(Self.long)-\($0)\"" }.joined(separator: ",")
        var harness = answered("{\"items\":[\(items)]}", contentType: "application/json")
        harness.press(.character("w"), .character("G"))
        #expect(harness.screen.text.contains("}"), "the last line is on screen after G")
        #expect(harness.screen.text.contains("-29\""), "and the item before it")
    }

    @Test("Wrapping is by display width: every wide character is drawn, none split or lost at a break")
    func displayWidth() {
        var harness = answered(String(repeating: "漢字かな", count: 30))
        harness.press(.character("w"))
        #expect(harness.screen.text.filter { $0 == "漢" }.count == 30)
    }

    @Test("The Debug tab wraps a long line instead of cutting it")
    func debugWraps() {
        var snapshot = ResponsePaneTests.snapshot(1)
        let failure = "error     " + (1...30).map { "part\($0)" }.joined(separator: " ") + " the end"
        snapshot.debugLines.append(failure)
        var harness = Harness.answered(snapshot)
        for _ in 0..<4 { harness.press(.character("]")) }
        #expect(harness.state.response.tab == .debug)
        #expect(harness.screen.text.contains("the end"))
    }
}
