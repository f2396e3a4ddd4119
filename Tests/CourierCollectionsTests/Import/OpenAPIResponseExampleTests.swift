@testable import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("OpenAPI import: examples of the success response")
struct OpenAPIResponseExampleTests {
    static func library() throws -> ImportedCollection {
        try OpenAPIImporter.parse(try ImportFixtures.data("openapi/library-responses.yaml"), file: "library-responses.yaml")
    }

    static func json(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }

    @Test("A schema with $refs, allOf, arrays, enums, formats and a minimum: every property, then the required ones only")
    func schemaSamples() throws {
        let list = try Self.library().request(named: "List books")
        let book = #"{"id": 0, "created": "2024-01-01T00:00:00Z", "isbn": "string", "title": "string", "subtitle": "string", "price": 12.0, "#
            + #""format": "hardcover", "authors": [{"name": "string", "born": "2024-01-01"}], "website": "https://example.com"}"#
        #expect(list.examples == [
            ResponseExample(name: OperationBuilder.everyPropertyName, status: 200,
                            json: try Self.json(#"{"items": [\#(book)], "total": 1, "next": "string"}"#)),
            ResponseExample(name: OperationBuilder.requiredOnlyName, status: 200, json: try Self.json(
                #"{"items": [{"id": 0, "isbn": "string", "title": "string", "subtitle": null, "price": 12.0, "format": "hardcover", "authors": [{"name": "string"}]}], "total": 1}"#)),
        ])
    }

    @Test("A response's own examples come first, named, then the schema's samples; a $ref response is followed")
    func documentedExamples() throws {
        let get = try Self.library().request(named: "Get a book")
        #expect(get.examples.map(\.name) == ["dune", OperationBuilder.everyPropertyName, OperationBuilder.requiredOnlyName])
        #expect(get.examples.first?.json["title"] == .string("Dune"))
        // A +json media type counts as JSON, and its status is the documented one.
        let borrow = try Self.library().request(named: "Borrow a book")
        #expect(borrow.examples == [
            ResponseExample(status: 201, json: try Self.json(#"{"id": 7, "due": "2024-05-01", "renewals": 0}"#)),
            ResponseExample(name: OperationBuilder.everyPropertyName, status: 201,
                            json: try Self.json(#"{"id": 0, "due": "2024-01-01", "renewals": 0, "returned": true}"#)),
            ResponseExample(name: OperationBuilder.requiredOnlyName, status: 201, json: try Self.json(#"{"id": 0, "due": "2024-01-01"}"#)),
        ])
    }

    @Test("A recursive schema ends: properties that refer back are left out; a 204 has no example")
    func recursionAndNoContent() throws {
        let shelf = try Self.library().request(named: "Get a shelf and the shelves in it")
        // Every property and the required ones are the same here, so one example is kept.
        #expect(shelf.examples == [ResponseExample(name: OperationBuilder.everyPropertyName, status: 200, json: try Self.json(#"{"id": 0, "name": "string"}"#))])
        #expect(try Self.library().request(named: "Health").examples.isEmpty)
    }

    @Test("The examples are written into the request files, load back the same, and pass check")
    func writtenAndLoaded() throws {
        let imported = try Self.library()
        let written = try ImportFixtures.written(imported, into: "Library")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        #expect(written.report.unmapped.isEmpty)
        #expect(written.report.requestIds.count == imported.requests.count)
        for (id, request) in zip(written.report.requestIds, imported.requests) {
            #expect(try written.request(id).examples == request.request.examples, "\(id)")
        }
        let text = try written.text("Library/borrow.yaml")
        #expect(text.hasSuffix("""
            examples:
              - status: 201
                json: {id: 7, due: 2024-05-01, renewals: 0}
              - name: "from the schema: every property"
                status: 201
                json: {id: 0, due: 2024-01-01, renewals: 0, returned: true}
              - name: "from the schema: required properties only"
                status: 201
                json: {id: 0, due: 2024-01-01}

            """), "\(text)")
        // Long examples go in block style below json:.
        #expect(try written.text("Library/list-books.yaml").contains("    json:\n      items:\n"))
    }

    @Test("docs/demo-openapi.yaml: 3.1 nullable types, allOf users, optional objects sampled with their required properties")
    func demoDescription() throws {
        let data = try Data(contentsOf: Checkout.root.appendingPathComponent("docs/demo-openapi.yaml"))
        let imported = try OpenAPIImporter.parse(data, file: "demo-openapi.yaml")
        let echo = try imported.request(named: "Answer with what arrived")
        // No property is required: every one, none, and the lists and objects with their required ones (none).
        #expect(echo.examples.map(\.name) == [OperationBuilder.everyPropertyName, OperationBuilder.requiredOnlyName, OperationBuilder.optionalObjectsName])
        #expect(echo.examples.first?.json["query"] == .string("string"))
        #expect(echo.examples.first?.json["bodySize"] == .number("0"))
        #expect(echo.examples[1].json == .object([]))
        #expect(echo.examples[2].json == (try Self.json(#"{"headers": [["string"]]}"#)))
        // allOf joins NewUser's properties (a default stands for the value) and required list with the user's own.
        let user = try imported.request(named: "Get a user")
        #expect(user.examples.map(\.json) == [
            try Self.json(#"{"data": {"name": "string", "email": "user@example.com", "role": "member", "id": 0, "created_at": "2024-01-01T00:00:00Z"}}"#),
            .object([]),
            try Self.json(#"{"data": {"name": "string", "email": "user@example.com"}}"#),
        ])
    }

    @Test("3.1: a null alternative, const, anyOf, a map, a reference that points nowhere, and a response without a schema")
    func openAPI31() throws {
        let text = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /a:
            get:
              responses:
                "200":
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [owner, kind, labels]
                        properties:
                          owner: {oneOf: [{$ref: "#/components/schemas/Person"}, {type: "null"}]}
                          kind: {const: widget}
                          size: {anyOf: [{type: integer}, {type: string}]}
                          labels: {type: object, additionalProperties: {type: string}}
                          lost: {$ref: "#/components/schemas/Nowhere"}
          /b:
            get:
              responses:
                "200": {content: {application/json: {example: [1, 2]}}}
        components:
          schemas:
            Person: {type: object, required: [name], properties: {name: {type: string}}}
        """
        let imported = try OpenAPIImporter.parse(Data(text.utf8), file: "t.yaml")
        #expect(try imported.request(named: "GET /a").examples.map(\.json) == [
            try Self.json(#"{"owner": {"name": "string"}, "kind": "widget", "size": 0, "labels": {}}"#),
            try Self.json(#"{"owner": null, "kind": "widget", "labels": {}}"#),
            try Self.json(#"{"owner": {"name": "string"}, "kind": "widget", "labels": {}}"#),
        ])
        #expect(try imported.request(named: "GET /b").examples == [ResponseExample(status: 200, json: .array([.number("1"), .number("2")]))])
    }
}
