import CourierCollections
import Foundation
import Testing

@Suite("Keys the loader does not know are never dropped by an edit")
struct UnknownKeyEditTests {
    static func refusal(_ text: String, _ change: (inout RequestDefinition) -> Void) -> String? {
        var draft = DocumentParser.request(text, file: "r.yaml").0 ?? RequestDefinition()
        change(&draft)
        do {
            let result = try LosslessEdit.request(text, to: draft, file: "r.yaml")
            return "saved as:\n\(result)"
        } catch {
            guard case .notLossless(_, let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test("Setting the kind of a body whose kind key is a typo refuses, naming the key",
          arguments: ["path: p\nbody: {jsn: {a: 1}}\n", "path: p\nbody:\n  jsn:\n    a: 1\n"])
    func typoKind(text: String) {
        let reason = Self.refusal(text) { $0.body = .json(.object([])) }
        #expect(reason?.contains("'jsn'") == true && reason?.contains("does not know") == true, "\(reason ?? "")")
    }

    @Test("Removing a header entry that holds an unknown key refuses; editing next to it does not")
    func unknownInsideEntry() {
        let text = "path: p\nheaders:\n  - {name: A, value: b, x-note: keep me}\n  - {name: C, value: d}\n"
        let reason = Self.refusal(text) { $0.headers.removeFirst() }
        #expect(reason?.contains("'x-note' (line 3)") == true, "\(reason ?? "")")
        let edited = Self.refusal(text) { $0.headers[1].value = "e" }
        #expect(edited?.contains("x-note: keep me") == true, "\(edited ?? "")")
    }

    @Test("Through the store the file stays untouched", arguments: StoreKind.allCases)
    func storeLeavesFile(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind, ["API/typo.yaml": "path: p\nbody: {jsn: {a: 1}}\n"])
        try fixture.expectRefusedSave("API/typo", saying: "'jsn'") { $0.body = .json(.object([])) }
    }
}
