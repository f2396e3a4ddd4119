import CourierUI
import Testing

@Suite("Explorer palette, filter and panes")
struct ExplorerInteractionTests {
    @Test("The palette finds a request by fuzzy name, reveals and opens it")
    func palette() {
        var harness = Harness()
        harness.press(.character("p"))
        #expect(harness.screen.text.contains("Go to request"))
        for character in "dele" { harness.press(.character(character)) }
        #expect(harness.state.palette?.matches.first == "Demo/users/delete-user")
        harness.press(.enter)
        #expect(harness.state.palette == nil)
        #expect(harness.state.openRequest == "Demo/users/delete-user")
        #expect(harness.sent.isEmpty, "the palette opens without sending")
        #expect(harness.state.expanded.contains("Demo/users"))
        #expect(harness.state.rows[harness.state.selection].node.id == "Demo/users/delete-user")
        harness.press(.character("p"), .escape)
        #expect(harness.state.palette == nil && harness.sent.isEmpty)
    }

    @Test("Typing after / filters the tree and previews the match; Enter opens it and ends the filter, Esc clears it")
    func filter() {
        var harness = Harness()
        harness.press(.character("/"))
        for character in "crea" { harness.press(.character(character)) }
        #expect(harness.state.rows.map(\.node.title) == ["Demo", "users", "create-user"])
        #expect(harness.screen.text.contains("/crea"))
        harness.press(.down, .down)
        #expect(harness.state.openRequest == "Demo/users/create-user", "the match is previewed")
        #expect(harness.state.filter != nil && harness.state.focus == .collections)
        harness.press(.enter)
        #expect(harness.sent.isEmpty && harness.state.focus == .request)
        #expect(harness.state.filter == nil && harness.state.selectedNode?.id == "Demo/users/create-user")
        harness.press(.backTab, .character("/"), .character("x"), .escape)
        #expect(harness.state.filter == nil)
        #expect(harness.state.rows.count > 3)
        harness.send(.paste("echo"))
        #expect(harness.state.filter == nil, "a paste outside a field types nothing")
    }

    @Test("Panes resize from the keyboard within limits")
    func resize() {
        var harness = Harness(width: 100, height: 30)
        let before = harness.line(0).firstIndex(of: "┓").map { harness.line(0).distance(from: harness.line(0).startIndex, to: $0) }
        harness.press(.character(">"), .character(">"))
        let after = harness.line(0).firstIndex(of: "┓").map { harness.line(0).distance(from: harness.line(0).startIndex, to: $0) }
        #expect((after ?? 0) == (before ?? 0) + 10)
        for _ in 0..<20 { harness.press(.character("<")) }
        #expect(harness.state.collectionsRatio == 0.15)
        harness.press(.character("+"))
        #expect(harness.state.requestRatio > 0.4)
    }

    @Test("y copies the selected id; ctrl-z asks to suspend")
    func effects() {
        var harness = Harness()
        harness.press(.down, .character("y"), .ctrl("z"))
        #expect(harness.effects == [.copy("Demo/users"), .suspend])
    }
}
