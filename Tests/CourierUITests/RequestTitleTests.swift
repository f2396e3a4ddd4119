import CourierCollections
import CourierUI
import Testing

/// The title is the Name row's; R renames the file.
@Suite("Name row and renaming")
struct RequestTitleTests {
    @Test("The Name row above the URL edits name:")
    func nameRow() throws {
        var harness = Harness(width: 120, height: 40)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter, .tab)
        #expect(harness.line(1).contains("Name create-user"))
        #expect(harness.line(2).contains("POST create-user"))
        harness.press(.up, .enter, .ctrl("u"))
        harness.type("Create a user")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.name == "Create a user")
        #expect(harness.state.editor?.draft.path == "create-user", "the URL is untouched")
        #expect(harness.line(1).contains("Name Create a user"))
        harness.press(.ctrl("s"))
        #expect(harness.saved.last?.name == "Create a user")
        harness.press(.character("g"), .enter, .ctrl("u"), .enter)
        #expect(harness.state.editor?.draft.name == nil, "an empty title is no title")
        #expect(harness.line(1).contains("Name none"))
    }

    @Test("R renames the file: the prompt starts with its stem, not the title")
    func rename() {
        var harness = Harness()
        harness.press(.down, .down)
        #expect(harness.state.selectedNode?.title == "echo 日本語")
        harness.press(.character("R"))
        #expect(harness.state.prompt?.field.text == "echo")
        #expect(harness.screen.text.contains("Rename the file of Demo/echo"))
        harness.press(.ctrl("u"))
        harness.type("echo-two.yaml")
        harness.press(.enter)
        #expect(harness.effects.last == .rename(id: "Demo/echo", name: "echo-two"))
        harness.press(.character("R"), .ctrl("u"))
        harness.type("other/echo")
        harness.press(.enter)
        #expect(harness.effects.last == .rename(id: "Demo/echo", name: "echo-two"), "a slash is refused")
        #expect(harness.state.status.contains("cannot contain /"))
    }
}
