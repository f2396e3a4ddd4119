import CourierUI
import Testing

/// A message about a condition leaves the status line once the condition is gone.
@Suite("Messages that clear")
struct StatusCauseTests {
    @Test("'not valid JSON' goes once the body is fixed, and stays in the message log")
    func bodyFixed() {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        harness.press(.tab, .character("]"), .character("]"), .character("e"), .character("x"), .escape)
        #expect(harness.state.status.contains("not valid JSON"))
        harness.press(.character("j"))
        #expect(harness.state.status.contains("not valid JSON"), "it stays while the body is broken")
        harness.press(.character("e"), .delete, .escape)
        #expect(harness.state.editor?.bodyProblem == nil)
        #expect(!harness.state.status.contains("not valid JSON"))
        #expect(harness.state.messages.entries.contains { $0.text.contains("not valid JSON") })
    }

    @Test("'converter set' goes once the converter is changed back by hand")
    func converterChangedBack() {
        var harness = Harness.answered(ResponsePaneTests.snapshot(1))
        for _ in 0..<5 { harness.press(.character("j")) }
        harness.press(.character("C"))
        #expect(harness.state.status.hasPrefix("converter set to data/items/0/name"))
        harness.press(.backTab)
        for _ in 0..<4 { harness.press(.character("]")) }
        harness.press(.enter, .ctrl("u"), .enter)
        #expect(harness.state.editor?.draft.converter == nil)
        #expect(!harness.state.status.contains("converter set"))
    }

    @Test("A message of its own replaces the condition's and is not cleared with it")
    func laterMessageStays() {
        var harness = Harness.answered(ResponsePaneTests.snapshot(1))
        for _ in 0..<5 { harness.press(.character("j")) }
        harness.press(.character("C"))
        harness.receive(.report("could not list the files"))
        harness.press(.backTab)
        for _ in 0..<4 { harness.press(.character("]")) }
        harness.press(.enter, .ctrl("u"), .enter)
        #expect(harness.state.status == "could not list the files")
    }
}

/// `V` shows why a request does not resolve, whole, instead of waiting for a URL.
@Suite("V and resolution errors")
struct ResolutionErrorTests {
    @Test("The preview's sentence replaces 'resolving…' and wraps instead of being cut")
    func showsTheError() {
        var harness = Harness.opening("create-user", width: 100, height: 30)
        harness.press(.tab, .character("V"))
        #expect(harness.screen.text.contains("→ resolving…"))
        let sentence = "cannot resolve: undefined variables 'traceId', 'sessionName' in the unsaved edit of Demo/users/create-user "
            + "(define them in the environment, collection.yaml variables or --var NAME=…)"
        harness.receive(.previewed(id: "Demo/users/create-user", Preview(curl: "no cURL command", resolvedURL: sentence, baseURL: nil,
                                                                           variables: ["user": "ada"], environments: [])))
        #expect(!harness.screen.text.contains("resolving…"))
        let screen = harness.screen
        #expect(words(of: screen, columns: focusedPaneColumns(of: screen, rowWith: "Params")).contains("→ " + sentence))
    }
}
