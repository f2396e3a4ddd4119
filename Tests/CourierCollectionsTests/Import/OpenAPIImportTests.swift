@testable import CourierCollections
import Foundation
import Testing

@Suite("OpenAPI import")
struct OpenAPIImportTests {
    @Test("The OpenAPI 3.0 Petstore: 3 requests in the pets folder, the server as baseUrl, the success status as expect:")
    func petstore30() throws {
        let imported = try OpenAPIImporter.parse(try ImportFixtures.data("openapi/petstore-3.0.yaml"), file: "petstore-3.0.yaml")
        #expect(imported.requests.count == 3)
        #expect(imported.lines == ["GET pets", "POST pets", "GET pets/{{petId}}"])
        #expect(imported.requests.allSatisfy { $0.folder == ["pets"] })
        #expect(imported.requests.map(\.fileName) == ["listPets", "createPets", "showPetById"])
        #expect(imported.settings.baseUrl == "http://petstore.swagger.io/v1")
        #expect(imported.settings.variables == [Field(name: "petId", value: "string")])
        let list = try imported.request(named: "List all pets")
        // An optional parameter without an example is written, switched off.
        #expect(list.query == [Field(name: "limit", value: "0", enabled: false)])
        #expect(list.expectations.map(\.text) == ["status == 200"])
        #expect(try imported.request(named: "Create a pet").expectations.map(\.text) == ["status == 201"])
        #expect(imported.unmapped.isEmpty)

        let written = try ImportFixtures.written(imported, into: "Pets")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        #expect(written.tree.requests.keys.sorted() == ["Pets/pets/create-pets", "Pets/pets/list-pets", "Pets/pets/show-pet-by-id"])
        #expect(try written.text("Pets/pets/collection.yaml") == "order: [list-pets, create-pets, show-pet-by-id]\n")
    }

    @Test("An OpenAPI 3.1 description: tags, $ref parameters, examples, basic security and webhooks listed")
    func museum31() throws {
        let imported = try OpenAPIImporter.parse(try ImportFixtures.data("openapi/museum-3.1.yaml"), file: "museum-3.1.yaml")
        #expect(imported.requests.count == 8)
        #expect(imported.lines == [
            "GET museum-hours", "POST special-events", "GET special-events", "GET special-events/{{eventId}}",
            "PATCH special-events/{{eventId}}", "DELETE special-events/{{eventId}}", "POST tickets", "GET tickets/{{ticketId}}/qr",
        ])
        #expect(imported.requests.map { $0.folder.first ?? "" } == ["Operations", "Events", "Events", "Events", "Events", "Events", "Tickets", "Tickets"])
        #expect(imported.requests.allSatisfy { $0.request.auth == .basic(user: "{{username}}", password: "{{password}}") })
        let environment = try #require(imported.environments.first)
        #expect(environment.name == "default" && environment.variables.map(\.name) == ["username"] && environment.secrets.map(\.name) == ["password"])
        let create = try imported.request(named: "Create special events")
        guard case .json(let body)? = create.body else { Issue.record("no JSON body: \(String(describing: create.body))"); return }
        #expect(body["name"] == .string("Mermaid Treasure Identification and Analysis"))
        #expect(create.expectations.map(\.text) == ["status == 201"])
        // Parameters come through $refs with their examples.
        #expect(try imported.request(named: "Get museum hours").query.map(\.name) == ["startDate", "page", "limit"])
        #expect(imported.unmapped.map(\.item) == ["webhook publishNewEvent"])

        let written = try ImportFixtures.written(imported, into: "Museum")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        #expect(written.tree.requests.count == 8)
    }

    @Test("Security schemes Courier has no auth for are listed once each, with the operations that use them")
    func unmappedSecurity() throws {
        let text = """
        openapi: 3.0.3
        info: {title: t, version: "1"}
        servers: [{url: "https://{region}.example.com/v1", variables: {region: {default: eu}}}]
        security: [{oauth: []}]
        paths:
          /a: {get: {responses: {"200": {description: ok}}}}
          /b: {post: {security: [{key: []}], responses: {"204": {description: ok}}}}
        components:
          securitySchemes:
            oauth: {type: oauth2, flows: {}}
            key: {type: apiKey, in: header, name: X-API-Key}
        """
        let imported = try OpenAPIImporter.parse(Data(text.utf8), file: "t.yaml")
        #expect(imported.settings.baseUrl == "https://{{region}}.example.com/v1")
        #expect(imported.environments.first?.variables == [Field(name: "region", value: "eu")])
        #expect(imported.environments.first?.secrets.map(\.name) == ["key"])
        #expect(try imported.request(named: "POST /b").headers == [Field(name: "X-API-Key", value: "{{key}}")])
        #expect(imported.unmapped.map(\.description) == [
            "t.yaml: security scheme oauth: oauth2: Courier has no OAuth 2 auth yet; 1 operation(s) that use it were imported without it",
        ])
    }

    @Test("Bodies without examples get a skeleton of their schema; form and text bodies keep their kind")
    func skeletons() throws {
        let text = """
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "http://x"}],
         "paths": {"/u": {"post": {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/U"}}}},
                                   "responses": {"201": {"description": "ok"}}},
                          "put": {"requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object",
                                   "properties": {"a": {"type": "integer", "default": 3}}}}}}, "responses": {"default": {"description": "ok"}}}}},
         "components": {"schemas": {"U": {"type": "object", "properties": {"name": {"type": "string"}, "born": {"type": ["string", "null"], "format": "date"},
                         "tags": {"type": "array", "items": {"type": "string"}}, "admin": {"type": "boolean"}, "next": {"$ref": "#/components/schemas/U"}}}}}}
        """
        let imported = try OpenAPIImporter.parse(Data(text.utf8), file: "t.json")
        let post = try imported.request(named: "POST /u")
        guard case .json(let body)? = post.body else { Issue.record("no JSON body"); return }
        #expect(body["name"] == .string("string") && body["born"] == .string("2024-01-01") && body["tags"] == .array([.string("string")]))
        #expect(body["admin"] == .bool(false) && body["next"]?.isObject == true)
        #expect(try imported.request(named: "PUT /u").body == .form([Field(name: "a", value: "3")]))
        #expect(try imported.request(named: "PUT /u").expectations.isEmpty)
    }

    @Test("Not OpenAPI 3 is refused with a sentence naming the file", arguments: [
        ("swagger: '2.0'\ninfo: {title: t}", "t.yaml is Swagger 2.0; convert it to OpenAPI 3 first (courier reads 3.0 and 3.1)"),
        ("openapi: 4.0.0", "t.yaml is OpenAPI 4.0.0; courier reads 3.0 and 3.1"),
        ("title: nothing", "t.yaml is not an OpenAPI description: it has no 'openapi' version key"),
    ])
    func refused(text: String, message: String) {
        #expect(throws: ImportError(message)) { try OpenAPIImporter.parse(Data(text.utf8), file: "t.yaml") }
    }

    @Test("Malformed YAML names the file, line and column")
    func malformed() {
        #expect {
            try OpenAPIImporter.parse(Data("openapi: [3.0\n".utf8), file: "bad.yaml")
        } throws: { error in
            "\(error)".hasPrefix("bad.yaml is not valid YAML: ")
        }
    }
}
