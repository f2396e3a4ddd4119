import CourierUI
import Testing

@Suite("Explorer input harness")
struct ExplorerInputTests {
    @Test("Moving, expanding and opening with arrows and vim keys")
    func navigation() {
        var harness = Harness()
        #expect(harness.state.rows.map(\.node.title) == ["Demo", "users", "echo 日本語", "Public APIs", "get"])
        harness.press(.down, .character("l"))
        #expect(harness.state.expanded.contains("Demo/users"))
        #expect(harness.line(4).contains("POST   create-user"))
        harness.press(.character("j"), .character("j"), .enter)
        #expect(harness.sent.isEmpty, "Enter opens a request; only ctrl-r sends")
        #expect(harness.state.openRequest == "Demo/users/create-user")
        #expect(harness.state.focus == .request)
        #expect(harness.line(0).contains("Demo/users/create-user"))
        harness.press(.backTab, .character("h"))
        #expect(harness.state.rows[harness.state.selection].node.id == "Demo/users")
        harness.press(.left)
        #expect(!harness.state.expanded.contains("Demo/users"))
        harness.press(.character("G"))
        #expect(harness.state.selection == harness.state.rows.count - 1)
        harness.press(.home, .up)
        #expect(harness.state.selection == 0)
    }

    @Test("Tab moves focus and the focused pane gets the heavy border")
    func focus() {
        var harness = Harness()
        #expect(harness.line(0).hasPrefix("┏ Collections"))
        harness.press(.tab)
        #expect(harness.state.focus == .request)
        #expect(harness.line(0).hasPrefix("┌ Collections"))
        harness.press(.backTab, .backTab)
        #expect(harness.state.focus == .response)
    }

    @Test("Help lists every bound key and any key closes it; q and ctrl-c quit")
    func helpAndQuit() {
        var harness = Harness()
        harness.press(.character("?"))
        #expect(harness.screen.text.contains("j, down"))
        #expect(!harness.screen.text.contains("q, ctrl-c"), "the list is longer than the screen")
        harness.press(.pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown)
        #expect(harness.state.showingHelp, "paging scrolls the help instead of closing it")
        #expect(harness.screen.text.contains("q, ctrl-c"))
        harness.press(.character("x"))
        #expect(!harness.state.showingHelp && harness.effects.isEmpty)
        harness.press(.character("q"))
        #expect(harness.effects == [.quit])
    }

    @Test("A rebound key does what the map says")
    func rebinding() {
        var harness = Harness()
        harness.state.keyMap.bind(.character("x"), to: .quit)
        harness.press(.character("x"))
        #expect(harness.effects == [.quit])
        #expect(Key(name: "ctrl-s") == .ctrl("s") && Key(name: "alt-x") == .alt("x") && Key(name: "F5") == .function(5))
        #expect(Key(name: "nonsense") == nil)
    }

    @Test("A tiny terminal shows the minimum size, and the layout returns after resizing back")
    func tinyTerminal() {
        var harness = Harness()
        harness.send(.resize(width: 20, height: 6))
        #expect(harness.screen.text.contains("needs at least 40×10"))
        harness.send(.resize(width: 80, height: 24))
        #expect(harness.line(0).hasPrefix("┏ Collections"))
    }

    @Test("The selection stays visible when the list scrolls")
    func scrolling() {
        var harness = Harness(width: 60, height: 10)
        harness.state.tree = (0..<50).map { TreeNode(id: "r\($0)", title: "request \($0)", method: "GET") }
        harness.press(.pageDown, .pageDown, .down)
        let selected = harness.state.selection
        #expect(selected > 7)
        #expect(harness.screen.text.contains("request \(selected)"))
        harness.press(.end)
        #expect(harness.screen.text.contains("request 49"))
    }

    @Test("A click selects the row under the pointer; the wheel scrolls")
    func mouse() {
        var harness = Harness()
        harness.send(.mouse(MouseEvent(kind: .press, row: 4, column: 5)))
        #expect(harness.state.selection == 3)
        #expect(harness.state.rows[3].node.title == "Public APIs")
    }
}
