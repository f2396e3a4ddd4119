import CourierCollections
import CourierUI
import Testing

/// Sending is deliberate: opening and moving never send; ctrl-r does.
@Suite("Sending is deliberate")
struct SendingTests {
    /// The tree with `users` expanded and the selection on delete-user.
    private func onDelete() -> Harness {
        var harness = Harness()
        harness.press(.down, .character("l"), .down, .down, .down)
        #expect(harness.state.selectedNode?.id == "Demo/users/delete-user")
        return harness
    }

    @Test("Enter, l and → on a DELETE request open it and send nothing; ctrl-r sends it")
    func openingNeverSends() {
        for key in [Key.enter, .character("l"), .right, .character("e")] {
            var harness = onDelete()
            harness.press(key)
            #expect(harness.state.openRequest == "Demo/users/delete-user")
            #expect(harness.state.focus == .request, "\(key) opens the request in its pane")
            #expect(harness.sent.isEmpty, "\(key) sends nothing")
            #expect(!harness.effects.contains { if case .send = $0 { true } else { false } })
            harness.press(.ctrl("r"))
            #expect(harness.sent == ["Demo/users/delete-user"])
        }
    }

    @Test("ctrl-r in the tree sends the selected request; on a folder, the open one")
    func sendFromTree() {
        var harness = onDelete()
        harness.press(.ctrl("r"))
        #expect(harness.sent == ["Demo/users/delete-user"])
        #expect(harness.state.focus == .collections)
        harness.receive(.finished(id: "Demo/users/delete-user", ResponsePaneTests.snapshot(1)))
        harness.press(.character("k"), .character("k"), .character("k"))
        #expect(harness.state.selectedNode?.id == "Demo/users")
        harness.press(.ctrl("r"))
        #expect(harness.sent == ["Demo/users/delete-user", "Demo/users/list-users"], "the last request previewed is the open one")
    }

    @Test("Moving the selection previews each request while focus stays in the tree")
    func preview() {
        var harness = Harness()
        harness.press(.down, .enter)
        #expect(harness.state.expanded.contains("Demo/users"), "Enter on a folder expands it")
        #expect(harness.state.openRequest == nil)
        harness.press(.down)
        #expect(harness.state.openRequest == "Demo/users/list-users")
        #expect(harness.state.focus == .collections)
        #expect(harness.line(0).contains("GET Demo/users/list-users"))
        #expect(harness.effects.contains(.preview(id: "Demo/users/list-users", definition: sampleDefinitions["Demo/users/list-users"]!, environment: nil)))
        harness.press(.character("j"))
        #expect(harness.state.openRequest == "Demo/users/create-user")
        harness.press(.character("G"))
        #expect(harness.state.openRequest == "Public/get")
        harness.send(.mouse(MouseEvent(kind: .press, row: 3, column: 8)))
        #expect(harness.state.selectedNode?.id == "Demo/users/list-users")
        #expect(harness.state.openRequest == "Demo/users/list-users", "a click previews too")
        #expect(harness.sent.isEmpty)
    }

    @Test("Unsaved edits are never dropped by a preview: they wait, marked, while the pane shows the next request")
    func dirtyDraftStays() throws {
        var harness = Harness()
        harness.press(.down, .enter, .down, .down, .enter)
        #expect(harness.state.openRequest == "Demo/users/create-user" && harness.state.focus == .request)
        harness.pickMethod("PUT")
        harness.press(.backTab, .down)
        #expect(harness.state.selectedNode?.id == "Demo/users/delete-user")
        #expect(harness.state.openRequest == "Demo/users/delete-user")
        #expect(harness.state.hasUnsavedEdits("Demo/users/create-user"))
        harness.press(.ctrl("r"))
        #expect(harness.state.dialog == nil && harness.sent == ["Demo/users/delete-user"], "sending another request does not ask")
        harness.press(.up)
        #expect(harness.state.editor?.draft.method == "PUT", "the edits come back with their request")
        #expect(harness.saved.isEmpty)
    }

    @Test("The hints, the help and the empty request pane say Enter opens and ctrl-r sends")
    func hints() {
        var harness = Harness(width: 120, height: 40)
        #expect(harness.line(39).contains("⏎ open · ctrl-r send"))
        #expect(harness.screen.text.contains("ctrl-r sends it"))
        harness.press(.character("?"))
        #expect(harness.screen.text.contains("open a request, expand a folder"))
        #expect(harness.screen.text.contains("send the selected or open request"))
    }
}
