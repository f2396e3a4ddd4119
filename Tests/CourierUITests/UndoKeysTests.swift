import CourierUI
import Testing

/// ctrl-z undoes inside fields and the body editor, and suspends only outside them.
@Suite("Undo and suspend")
struct UndoKeysTests {
    private var suspends: (Harness) -> Int { { $0.effects.filter { $0 == .suspend }.count } }

    @Test("In a field ctrl-z undoes and ctrl-y redoes, and neither suspends, then or one key later")
    func field() {
        var harness = Harness.opening("create-user", width: 100, height: 30)
        harness.press(.tab, .character("]"), .enter, .end)
        harness.type("xy")
        harness.press(.ctrl("z"))
        harness.press(.ctrl("z"), .ctrl("z"), .ctrl("z"))  // more than there is to undo: still nothing else
        harness.press(.ctrl("y"))
        harness.press(.enter)
        #expect(harness.state.editor?.draft.headers.first?.value == "application/jsonx")
        #expect(suspends(harness) == 0)
        harness.press(.character("j"))
        #expect(suspends(harness) == 0, "the next key after leaving the field does not suspend either")
        harness.press(.ctrl("z"))
        #expect(suspends(harness) == 1, "outside an editor ctrl-z suspends, as the help says")
    }

    @Test("In the body editor ctrl-z undoes and never suspends")
    func body() {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        harness.press(.tab, .character("]"), .character("]"), .character("e"))
        let before = harness.state.editor?.bodyEditor?.text
        harness.type("abc")
        harness.press(.ctrl("z"), .ctrl("z"))
        #expect(harness.state.editor?.bodyEditor?.text == before)
        #expect(suspends(harness) == 0)
    }

    @Test("? lists undo, redo and select-all with the commands")
    func help() {
        let lines = KeyMap.standard.helpLines
        for (keys, summary) in [("ctrl-z", "undo"), ("ctrl-y", "redo"), ("ctrl-a", "select all")] {
            #expect(lines.contains { $0.keys == keys && $0.summary.hasPrefix(summary) }, "\(keys)")
        }
    }
}
