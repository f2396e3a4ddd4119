import CourierCollections
import Foundation
import Testing

@Suite("Which unknown keys are typos")
struct TypoRuleTests {
    static func severity(_ text: String, file: String = "r.yaml") -> Diagnostic.Severity? {
        DocumentParser.request(text, file: file).1.first { $0.message.hasPrefix("unknown key") }?.severity
    }

    @Test("Short words two edits from a known key are annotations: warnings",
          arguments: ["note: n\npath: p\n", "data: d\npath: p\n", "date: d\npath: p\n", "hash: h\npath: p\n"])
    func shortWordsWarn(text: String) {
        #expect(Self.severity(text) == .warning)
    }

    @Test("`owner` next to `order` in collection.yaml is a warning")
    func ownerWarns() {
        #expect(DocumentParser.collection("owner: team\n", file: "c").1.first?.severity == .warning)
    }

    @Test("Real typos stay errors", arguments: ["methd: POST\npath: p\n", "heders: []\npath: p\n", "path: p\nbody: {jsn: {}}\n",
                                                "path: p\nauth: {beare: t}\n", "path: p\nheaders:\n  - {name: A, valeu: b}\n"])
    func typosAreErrors(text: String) {
        #expect(Self.severity(text) == .error)
    }
}
