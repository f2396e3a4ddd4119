import CourierCollections
import Foundation
import Testing

@Suite("Anchors, aliases and tags are told from text that contains & * !")
struct NodePropertiesTests {
    @Test("`!`, `&` and `*` inside a plain value are text: the file is edited",
          arguments: ["name: Hello !world\npath: p\n", "name: Tom & Jerry *now*\npath: p\n", "path: p\nheaders:\n  - {name: A, value: x !y}\n"])
    func insideValue(text: String) throws {
        var draft = try #require(DocumentParser.request(text, file: "r.yaml").0)
        draft.timeout = 3
        let result = try LosslessEdit.request(text, to: draft, file: "r.yaml")
        #expect(result == text + "timeout: 3\n")
    }

    @Test("At the start of a node they are properties: the file is refused",
          arguments: ["name: !str Hello\npath: p\n", "path: p\nheaders: &h\n  - {name: A, value: b}\n", "path: p\nquery: [*q]\n",
                      "path: p\nheaders:\n  - !entry {name: A, value: b}\n"])
    func atNodeStart(text: String) {
        var draft = DocumentParser.request(text, file: "r.yaml").0 ?? RequestDefinition()
        draft.timeout = 3
        #expect {
            try LosslessEdit.request(text, to: draft, file: "r.yaml")
        } throws: { error in
            guard case StoreError.notLossless = error else { return false }
            return true
        }
    }
}
