import CourierCollections
import CourierUI
import Testing

@Suite("Environments in the explorer")
struct EnvironmentTests {
    private func opened() -> Harness {
        var harness = Harness(width: 120, height: 40)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter)
        harness.effects += harness.state.update(.previewed(id: "Demo/users/create-user", Preview(
            curl: "", resolvedURL: nil, baseURL: nil, variables: [:], environments: ["local", "staging"])))
        return harness
    }

    private let draft = EnvironmentDraft(requestId: "Demo/users/create-user", name: "local",
                                         variables: [Field(name: "userId", value: "3")],
                                         secrets: [Field(name: "token", value: "s3cr3t-value")],
                                         defaults: [Field(name: "user", value: "ada")])

    @Test("v switches the environment from a palette of the collection's environments")
    func switching() {
        var harness = opened()
        harness.press(.character("v"))
        #expect(harness.state.palette?.candidates == ["(no environment)", "local", "staging"])
        harness.type("stag")
        harness.press(.enter)
        #expect(harness.state.environment == "staging")
        harness.press(.ctrl("r"))
        #expect(harness.effects.contains(.send(id: "Demo/users/create-user", definition: harness.state.editor!.draft, environment: "staging")))
    }

    @Test("ctrl-e edits the variables: secrets stay masked, space makes one secret, ctrl-s saves both files")
    func editing() throws {
        var harness = opened()
        harness.press(.ctrl("e"))
        #expect(harness.state.prompt?.purpose == .newEnvironment, "with no environment chosen, it offers to create one")
        harness.press(.escape, .character("v"))
        harness.type("local")
        harness.press(.enter, .ctrl("e"))
        #expect(harness.effects.last == .loadEnvironment(requestId: "Demo/users/create-user", name: "local"))
        harness.effects += harness.state.update(.environmentLoaded(draft))
        var text = harness.screen.text
        #expect(text.contains("Environment local"))
        #expect(text.contains("userId") && text.contains("3"))
        #expect(text.contains("token") && text.contains("••••••") && !text.contains("s3cr3t"))
        #expect(text.contains("collection defaults: user=ada"))

        harness.press(.enter, .backspace)
        harness.type("4")
        harness.press(.enter, .character("a"))
        harness.type("apiKey")
        harness.press(.tab)
        harness.type("k-123")
        harness.press(.enter, .character(" "))
        #expect(harness.state.status.contains("apiKey is secret"))
        text = harness.screen.text
        #expect(!text.contains("k-123"), "a secret value is masked as soon as it is secret")
        harness.press(.ctrl("s"))
        let saved = try #require(harness.effects.compactMap { if case .saveEnvironment(let draft) = $0 { draft } else { nil } }.last)
        #expect(saved.variables == [Field(name: "userId", value: "4")])
        #expect(saved.secrets == [Field(name: "token", value: "s3cr3t-value"), Field(name: "apiKey", value: "k-123")])
        harness.effects += harness.state.update(.environmentSaved(saved))
        #expect(harness.state.status == "saved environment local")
        #expect(harness.effects.last.map { if case .preview = $0 { true } else { false } } == true, "the cURL preview follows the new values")
        harness.press(.escape)
        #expect(harness.state.variablesEditor == nil)
    }

    @Test("Closing with unsaved variables asks; a duplicate name is refused")
    func closingAsks() {
        var harness = opened()
        harness.effects += harness.state.update(.environmentLoaded(draft))
        harness.press(.character("a"))
        harness.type("userId")
        harness.press(.enter, .ctrl("s"))
        #expect(harness.state.status == "not saved: userId is defined twice")
        harness.press(.escape)
        #expect(harness.state.dialog?.title == "Unsaved variables")
        harness.press(.character("c"))
        #expect(harness.state.variablesEditor != nil)
        harness.press(.escape, .character("d"))
        #expect(harness.state.variablesEditor == nil)
    }
}
