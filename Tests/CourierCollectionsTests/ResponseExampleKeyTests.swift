@testable import CourierCollections
import Foundation
import Testing

@Suite("examples: in request files")
struct ResponseExampleKeyTests {
    static let file = """
        # Imported from an OpenAPI description.
        path: users/7
        expect:
          - status == 200
        examples:
          - name: full   # every property
            status: 200
            json: {data: {id: 7, name: Ada, tags: [a, b], admin: true, note: null}}
          - json:
              data:
                id: 8
                name: Grace
        """ + "\n"

    @Test("Each example reads with its name, status and JSON, with no diagnostics")
    func reads() throws {
        let (request, diagnostics) = DocumentParser.request(Self.file, file: "r.yaml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let examples = try #require(request).examples
        #expect(examples.map(\.name) == ["full", nil])
        #expect(examples.map(\.status) == [200, nil])
        #expect(examples[0].json == (try JSONValue.parse(#"{"data": {"id": 7, "name": "Ada", "tags": ["a", "b"], "admin": true, "note": null}}"#)))
        #expect(examples[1].json["data"]?["name"] == .string("Grace"))
        #expect(examples.allSatisfy { $0.isSuccess })
    }

    @Test("Bad examples are errors at their place", arguments: [
        ("examples: {json: 1}\n", "3:11", "examples must be a list of example responses ({status, json}), found a mapping"),
        ("examples:\n  - {status: 200}\n", "4:5", "an example response needs json: its JSON body"),
        ("examples:\n  - {status: 700, json: 1}\n", "4:14", "an example's status must lie between 100 and 599, found 700"),
        ("examples:\n  - {status: ok, json: 1}\n", "4:14", "an example's status must be a whole number, found"),
        ("exampels:\n  - {json: 1}\n", "3:1", "unknown key 'exampels' in a request file; did you mean 'examples'?"),
    ])
    func errors(tail: String, position: String, message: String) {
        let (_, diagnostics) = DocumentParser.request("path: p\nexpect: [status == 200]\n" + tail, file: "r.yaml")
        let errors = diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors.count == 1 && errors[0].hasPrefix("r.yaml:\(position): error: \(message)"), "\(errors)")
    }

    @Test("An edit of another key leaves the examples byte for byte; a new file writes them last")
    func lossless() throws {
        var draft = try #require(DocumentParser.request(Self.file, file: "r.yaml").0)
        draft.method = "POST"
        let edited = try LosslessEdit.request(Self.file, to: draft, file: "r.yaml")
        #expect(edited == Self.file.replacingOccurrences(of: "path: users/7\n", with: "method: POST\npath: users/7\n"))

        let canonical = CollectionWriter.text(of: draft)
        #expect(canonical.hasSuffix("""
            examples:
              - name: full
                status: 200
                json: {data: {id: 7, name: Ada, tags: [a, b], admin: true, note: null}}
              - json: {data: {id: 8, name: Grace}}

            """), "\(canonical)")
        #expect(DocumentParser.request(canonical, file: "r.yaml").0 == draft)
    }

    @Test("Changed examples are written anew, the rest of the file kept")
    func rewritten() throws {
        var draft = try #require(DocumentParser.request(Self.file, file: "r.yaml").0)
        draft.examples = [ResponseExample(status: 201, json: .object([("id", .number("9"))]))]
        let edited = try LosslessEdit.request(Self.file, to: draft, file: "r.yaml")
        #expect(edited.hasPrefix("# Imported from an OpenAPI description.\npath: users/7\nexpect:\n  - status == 200\nexamples:\n  - status: 201\n    json: {id: 9}\n"), "\(edited)")
        #expect(DocumentParser.request(edited, file: "r.yaml").0 == draft)
        draft.examples = []
        #expect(try LosslessEdit.request(Self.file, to: draft, file: "r.yaml") == "# Imported from an OpenAPI description.\npath: users/7\nexpect:\n  - status == 200\n")
    }
}
