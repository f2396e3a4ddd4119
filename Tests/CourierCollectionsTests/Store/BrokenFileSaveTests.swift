import CourierCollections
import Foundation
import Testing

@Suite("Saving over files that do not parse")
struct BrokenFileSaveTests {
    /// Whether `error` is a refusal whose reason contains `words`.
    static func refused(_ error: any Error, _ words: String) -> Bool {
        guard case StoreError.notLossless(_, let reason) = error else { return false }
        return reason.contains(words)
    }

    @Test("A request file with a syntax error is refused with line:column, not appended to", arguments: StoreKind.allCases)
    func requestSyntaxError(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, ["API/broken.yaml": "path: [a\n"])
        try fixture.expectRefusedSave("API/broken", saying: "it is not valid YAML (2:1: ") { $0.path = "b" }
    }

    @Test("An environment with a syntax error gains no second key", arguments: StoreKind.allCases)
    func environmentSyntaxError(kind: StoreKind) throws {
        let text = "host: [unclosed\nuser: ada\n"
        let fixture = try StoreFixture(kind, ["API/environments/local.yaml": text])
        let root = fixture.url("API")
        let loaded = fixture.store.loadEnvironment("local", in: root)
        var draft = loaded
        draft.variables = [Field(name: "user", value: "ada")]
        #expect {
            try fixture.store.saveEnvironment("local", in: root, draft, over: loaded)
        } throws: { Self.refused($0, "it is not valid YAML (") }
        #expect(fixture.text("API/environments/local.yaml") == text)
    }

    @Test("Text appended to a file without content must read back too")
    func appendIsChecked() throws {
        var draft = RequestDefinition()
        draft.path = "b"
        #expect {
            try LosslessEdit.request("\"\"\n", to: draft, file: "r.yaml")
        } throws: { Self.refused($0, "read back") }
        #expect(try LosslessEdit.request("# a comment\n", to: draft, file: "r.yaml") == "# a comment\npath: b\n")
    }
}
