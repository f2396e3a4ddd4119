import CourierCollections
import CourierUI
import Testing

@Suite("Completion in fields")
struct CompletionTests {
    /// create-user open with the driver's variables known.
    private func opened() -> Harness {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        harness.receive(.previewed(id: "Demo/users/create-user", Preview(
            curl: "", resolvedURL: nil, baseURL: nil, variables: ["baseUrl": "http://x", "token": "••••••", "tenant": "acme"], environments: [])))
        harness.press(.tab)
        return harness
    }

    @Test("Typing a header name lists standard names; tab takes the selected one")
    func headerNames() throws {
        var harness = opened()
        harness.press(.character("]"), .character("a"))
        harness.type("cont")
        let list = try #require(harness.state.editor?.completion)
        #expect(list.items.starts(with: ["Content-Disposition", "Content-Encoding"]))
        #expect(list.items.contains("Content-Type"))
        #expect(harness.screen.text.contains("Content-Type"), "the list is drawn under the field")
        harness.press(.down, .down, .down, .down)
        #expect(harness.state.editor?.completion?.items[harness.state.editor?.completion?.selection ?? 0] == "Content-Type")
        harness.press(.tab)
        #expect(harness.state.editor?.edit?.field.text == "Content-Type")
        #expect(harness.state.editor?.completion == nil)
        harness.press(.tab)
        #expect(harness.state.editor?.edit?.target == .value(.headers, 1), "with no list open, tab goes to the value as before")
    }

    @Test("After {{ any field lists variables and the $ functions; tab takes one and closes the braces")
    func variables() throws {
        var harness = opened()
        harness.press(.enter, .end)
        harness.type("?t={{t")
        #expect(harness.state.editor?.completion?.items == ["tenant", "token"])
        harness.press(.tab)
        #expect(harness.state.editor?.edit?.field.text == "create-user?t={{tenant}}")
        harness.type("&u={{$")
        #expect(harness.state.editor?.completion?.items.prefix(5) == ["$uuid", "$timestamp", "$randomInt", "$demo", "$env."])
        harness.type("demo.")
        #expect(harness.state.editor?.completion?.items == ["$demo.https", "$demo.mtls", "$demo.proxy", "$demo.ca", "$demo.clientCert", "$demo.clientKey"])
        for _ in 0..<5 { harness.press(.backspace) }
        harness.press(.escape)
        #expect(harness.state.editor?.completion == nil && harness.state.editor?.edit != nil, "esc closes the list, not the field")
        harness.press(.backspace)
        harness.type("$e")
        harness.press(.tab)
        #expect(harness.state.editor?.edit?.field.text == "create-user?t={{tenant}}&u={{$env.", "$env. waits for a name")
    }

    @Test("Nothing is listed where nothing fits, nor for a header name typed whole; enter alone finishes the field as typed")
    func nothing() {
        var harness = opened()
        harness.press(.character("]"), .character("a"))
        harness.type("zz")
        #expect(harness.state.editor?.completion == nil)
        harness.press(.ctrl("u"))
        harness.type("accept")
        #expect(harness.state.editor?.completion == nil, "Accept is a whole name: tab goes on to the value")
        harness.press(.ctrl("u"))
        harness.type("X")
        #expect(harness.state.editor?.completion != nil)
        harness.press(.enter)
        #expect(harness.state.editor?.edit == nil)
        #expect(harness.state.editor?.draft.headers.last?.name == "X")
    }

    @Test("Enter takes a suggestion once up or down chose it")
    func enterAfterChoosing() {
        var harness = opened()
        harness.press(.character("]"), .character("a"))
        harness.type("x-r")
        harness.press(.down, .up, .enter)
        #expect(harness.state.editor?.edit?.field.text == "X-Request-ID")
    }
}
