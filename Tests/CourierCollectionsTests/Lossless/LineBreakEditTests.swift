import CourierCollections
import Foundation
import Testing

@Suite("Line breaks YAML counts beyond \\n and \\r\\n")
struct LineBreakEditTests {
    static func reason(_ text: String, _ change: (inout RequestDefinition) -> Void) -> String? {
        guard var draft = DocumentParser.request(text, file: "r.yaml").0 else { return "unreadable" }
        change(&draft)
        do {
            _ = try LosslessEdit.request(text, to: draft, file: "r.yaml")
            return nil
        } catch {
            guard case .notLossless(_, let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test("Files with U+2028, U+2029, U+0085 or a lone carriage return are refused, naming the break",
          arguments: [("\u{2028}", "U+2028"), ("\u{2029}", "U+2029"), ("\u{85}", "U+0085")])
    func unicodeBreaks(lineBreak: String, name: String) {
        let text = "name: \"a\(lineBreak)b\"\npath: p\n"
        let reason = Self.reason(text) { $0.headers.append(Field(name: "X-A", value: "1")) }
        #expect(reason?.contains(name) == true, "\(reason ?? "saved")")
    }

    @Test("A lone carriage return is refused")
    func loneCarriageReturn() {
        let reason = Self.reason("name: a\rpath: p\n") { $0.timeout = 2 }
        #expect(reason?.contains("carriage return") == true, "\(reason ?? "saved")")
    }

    @Test("A value holding such a break is written escaped and reads back")
    func writtenEscaped() throws {
        var draft = try #require(DocumentParser.request("path: p\n", file: "r.yaml").0)
        draft.name = "a\u{2028}b\u{85}c"
        let result = try LosslessEdit.request("path: p\n", to: draft, file: "r.yaml")
        #expect(result == "name: \"a\\u2028b\\x85c\"\npath: p\n")
        #expect(DocumentParser.request(result, file: "r.yaml").0 == draft)
    }
}
