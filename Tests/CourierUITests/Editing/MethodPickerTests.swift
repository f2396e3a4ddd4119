import CourierCollections
import CourierUI
import Testing

@Suite("Method picker")
struct MethodPickerTests {
    @Test("The picker takes any token typed as a custom method, written upper-case as request files are",
          arguments: ["PURGE", "propfind", "M-SEARCH"])
    func customMethod(_ typed: String) throws {
        var harness = Harness.opening("list-users", width: 120, height: 40)
        harness.press(.tab, .character("m"))
        harness.type(typed)
        #expect(harness.screen.text.contains("use “\(typed)”"), "what is typed is offered as a choice")
        harness.press(.enter)
        #expect(harness.state.palette == nil)
        #expect(harness.state.editor?.draft.method == typed.uppercased())
        harness.press(.ctrl("s"))
        #expect(harness.saved.last?.method == typed.uppercased())
    }

    @Test("A common method is still chosen from the list")
    func commonMethod() {
        var harness = Harness.opening("list-users", width: 120, height: 40)
        harness.press(.tab)
        harness.pickMethod("DEL")
        #expect(harness.state.editor?.draft.method == "DELETE")
    }

    @Test("A text that is not a token is refused with a sentence, and the picker stays open with it to fix")
    func invalidMethod() {
        var harness = Harness.opening("list-users", width: 120, height: 40)
        harness.press(.tab, .character("m"))
        harness.type("GET /x")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.method == "GET")
        #expect(harness.state.status.contains("'GET /x' is not a method"))
        #expect(harness.state.palette?.field.text == "GET /x")
        #expect(RequestDefinition.isMethodName("PROPFIND") && !RequestDefinition.isMethodName("GET(") && !RequestDefinition.isMethodName("É"))
    }
}
