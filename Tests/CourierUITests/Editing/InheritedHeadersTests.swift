import CourierCollections
import CourierUI
import Testing

@Suite("Inherited headers")
struct InheritedHeadersTests {
    /// create-user open on its Headers tab, with the driver's preview naming two collection headers.
    private func opened() -> Harness {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        let location = SourceLocation(file: "Demo/collection.yaml", line: 3, column: 5)
        harness.receive(.previewed(id: "Demo/users/create-user", Preview(
            curl: "", resolvedURL: nil, baseURL: nil, variables: [:], environments: [],
            inheritedHeaders: [Field(name: "User-Agent", value: "courier-demo", location: location),
                               Field(name: "Authorization", value: "Bearer abc123", location: location)])))
        harness.press(.tab, .character("]"))
        return harness
    }

    @Test("The Headers tab lists the collection's headers dimmed, with where they come from; a secret one is masked")
    func listed() {
        let harness = opened()
        let text = harness.screen.text
        #expect(text.contains("Accept"))
        #expect(text.contains("User-Agent") && text.contains("courier-demo") && text.contains("from Demo/collection.yaml"))
        #expect(text.contains("Authorization") && !text.contains("abc123") && text.contains("••••••"))
        let row = harness.screen.text.split(separator: "\n").first { $0.contains("courier-demo") }.map(String.init) ?? ""
        #expect(row.contains("↑"))
    }

    @Test("Enter on an inherited header overrides it: the request gets its own header, and the inherited one shows as overridden")
    func overriding() throws {
        var harness = opened()
        harness.press(.down)
        harness.press(.enter, .ctrl("u"))
        harness.type("my-agent")
        harness.press(.enter)
        let headers = try #require(harness.state.editor?.draft.headers)
        #expect(headers.map(\.name) == ["Accept", "User-Agent"])
        #expect(headers.last?.value == "my-agent")
        #expect(harness.screen.text.contains("overridden here"))
        #expect(harness.state.editor?.isDirty == true)
    }
}
