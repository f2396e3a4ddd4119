@testable import CourierCollections
import Foundation
import Testing

@Suite("Postman import")
struct PostmanImportTests {
    @Test("A Postman v2.1 export: nested folders, JSON bodies, path variables, collection-level basic auth")
    func museum() throws {
        let imported = try PostmanImporter.parse(try ImportFixtures.data("postman/museum.postman_collection.json"), file: "museum.json")
        #expect(imported.requests.count == 8)
        #expect(imported.lines == [
            "GET {{baseUrl}}/special-events/<uuid>", "PATCH {{baseUrl}}/special-events/<uuid>", "DELETE {{baseUrl}}/special-events/<uuid>",
            "POST {{baseUrl}}/special-events", "GET {{baseUrl}}/special-events", "POST {{baseUrl}}/tickets",
            "GET {{baseUrl}}/tickets/<uuid>/qr", "GET {{baseUrl}}/museum-hours",
        ])
        #expect(imported.requests[0].folder == ["special-events", "{eventId}"])
        #expect(imported.requests.allSatisfy { $0.request.auth == .basic(user: "{{basicAuthUsername}}", password: "{{basicAuthPassword}}") })
        #expect(imported.settings.variables == [Field(name: "baseUrl", value: "https://api.fake-museum-example.com/v1.1")])
        let update = try imported.request(named: "Update special event")
        guard case .json(let body)? = update.body else { Issue.record("no JSON body"); return }
        #expect(body["dates"] == .array([.string("<date>"), .string("<date>")]))
        #expect(imported.requests[1].comments == ["Update the details of a special event."])
        #expect(try imported.request(named: "Get museum hours").query.map(\.name) == ["startDate", "page", "limit"])
        #expect(imported.unmapped.isEmpty)

        let written = try ImportFixtures.written(imported, into: "Museum")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        #expect(written.tree.requests["Museum/special-events/event-id/update-special-event"] != nil)
        #expect(try written.text("Museum/special-events/event-id/update-special-event.yaml").hasPrefix("# Update the details of a special event.\nname: Update special event\n"))
    }

    @Test("newman's inherited-entities: auth inherited, overridden and unmappable; scripts converted or kept; its environment")
    func inheritedEntities() throws {
        var imported = try PostmanImporter.parse(try ImportFixtures.data("postman/inherited-entities.postman_collection.json"), file: "c.json")
        let environment = try PostmanImporter.parseEnvironment(try ImportFixtures.data("postman/inherited-entities.postman_environment.json"),
                                                               file: "inherited-entities.postman_environment.json")
        PostmanImporter.addEnvironments([environment], to: &imported)
        #expect(imported.requests.count == 8)
        #expect(imported.requests.map(\.name) == ["Variables", "Auth", "Events", "Auth", "Event", "Auth", "Auth override", "Environment override"])
        #expect(imported.requests.allSatisfy { $0.request.method == "GET" })
        let auths = imported.requests.map(\.request.auth)
        let basic = AuthDefinition.basic(user: "postman", password: "password")
        let digest = AuthDefinition.digest(user: "postman", password: "password", algorithm: nil)
        // Collection basic auth reaches the first folder; digest (folder and request) is mapped; noauth wins.
        #expect(auths == [basic, basic, basic, digest, digest, digest, nil, basic])
        #expect(imported.requests[1].request.expectations.map(\.text) == ["status == 200"])
        #expect(imported.requests[6].request.expectations.map(\.text) == ["status == 401"])
        #expect(imported.requests[6].comments.contains { $0.contains("pm.response.headers.has('Authorization')") })
        #expect(imported.unmapped.filter { $0.reason.hasPrefix("auth type") }.isEmpty)
        #expect(imported.unmapped.filter { $0.reason.contains("runs for every request below it") }.map(\.item) == ["collection", "Folder level stuff"])
        #expect(imported.unmapped.count == 11)
        #expect(imported.environments == [ImportedEnvironment(name: "inherited-entities",
                                                              variables: [Field(name: "env-var", value: "environment value"), Field(name: "duplicate-var", value: "correct")])])

        let written = try ImportFixtures.written(imported, into: "Inherited")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        // The literal password moved to the environment's secret file; the request refers to it.
        #expect(try written.request("Inherited/collection-level-stuff/auth").auth == .basic(user: "postman", password: "{{password}}"))
        #expect(try written.text("Inherited/environments/inherited-entities.secret.yaml") == "password: password\n")
        #expect(try written.text("Inherited/collection.yaml").hasPrefix("# prerequest script of collection (courier does not run scripts):\n"))
    }

    @Test("Script forms that map onto capture: and expect:, and the ones that do not")
    func scripts() throws {
        let lines = [
            "var jsonData = pm.response.json();",
            "pm.environment.set(\"token\", jsonData.data.access_token);",
            "pm.collectionVariables.set('firstId', pm.response.json().items[0][\"id\"]);",
            "pm.globals.set(\"trace\", pm.response.headers.get(\"X-Request-Id\"));",
            "pm.test(\"ok\", () => {",
            "    pm.response.to.have.status(201);",
            "    pm.expect(jsonData.data.name).to.eql('Ada');",
            "    pm.expect(pm.response.responseTime).to.be.below(500);",
            "    pm.expect(jsonData.items).to.have.lengthOf(2);",
            "    pm.expect(jsonData.data.admin).to.be.false;",
            "    pm.expect(jsonData.data.id).to.be.a('number');",
            "    pm.response.to.have.header(\"Location\");",
            "});",
            "if (pm.response.code === 201) { postman.setNextRequest(null); }",
        ]
        let collection: [String: Any] = ["info": ["name": "s", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"],
                                         "item": [["name": "Create", "request": ["method": "POST", "url": "http://x/u"],
                                                   "event": [["listen": "test", "script": ["exec": lines]],
                                                             ["listen": "prerequest", "script": ["exec": ["console.log(1)"]]]]]]]
        let imported = try PostmanImporter.parse(try JSONSerialization.data(withJSONObject: collection), file: "s.json")
        let request = try imported.request(named: "Create")
        #expect(request.captures.map { "\($0.name): \($0.subject)" } == ["token: body data/access_token", "firstId: body items/0/id", "trace: header X-Request-Id"])
        #expect(request.expectations.map(\.text) == [
            "status == 201", "body data/name == \"Ada\"", "duration < 500", "body items count == 2", "body data/admin == false",
            "body data/id is number", "header Location exists",
        ])
        #expect(imported.unmapped.map(\.item) == ["Create: test script line 14", "Create: prerequest script (1 lines)"])
        #expect(imported.requests[0].comments.contains("  if (pm.response.code === 201) { postman.setNextRequest(null); }"))
    }

    @Test("Bodies by mode, disabled entries kept disabled, API key auth, dynamic variables")
    func bodies() throws {
        func item(_ name: String, _ request: [String: Any]) -> [String: Any] { ["name": name, "request": request] }
        let items: [[String: Any]] = [
            item("form", ["method": "POST", "url": ["raw": "{{host}}/f?a=1&b=2", "query": [["key": "a", "value": "1"], ["key": "b", "value": "2", "disabled": true]]],
                          "header": [["key": "X-Off", "value": "1", "disabled": true]],
                          "body": ["mode": "urlencoded", "urlencoded": [["key": "q", "value": "{{$guid}}"]]]]),
            item("multipart", ["method": "POST", "url": "http://x/m",
                               "body": ["mode": "formdata", "formdata": [["key": "note", "value": "hi", "type": "text"],
                                                                         ["key": "file", "type": "file", "src": "/tmp/a.png"]]]]),
            item("graphql", ["method": "POST", "url": "http://x/g",
                             "body": ["mode": "graphql", "graphql": ["query": "{ me { id } }", "variables": "{\"a\": 1}"]]]),
            item("xml", ["method": "POST", "url": "http://x/x", "body": ["mode": "raw", "raw": "<a/>", "options": ["raw": ["language": "xml"]]]]),
            item("key", ["url": "http://x/k", "auth": ["type": "apikey", "apikey": [["key": "key", "value": "X-Key"], ["key": "value", "value": "s3cret"]]]]),
            item("oauth", ["url": "http://x/o", "auth": ["type": "oauth2", "oauth2": []]]),
            item("random", ["url": "http://x/{{$randomEmail}}"]),
            item("unquoted", ["method": "POST", "url": "http://x/n", "body": ["mode": "raw", "raw": "{\"n\": {{n}}}", "options": ["raw": ["language": "json"]]]]),
        ]
        let data = try JSONSerialization.data(withJSONObject: ["info": ["name": "b"], "item": items])
        let imported = try PostmanImporter.parse(data, file: "b.json")
        let form = try imported.request(named: "form")
        #expect(form.url == "{{host}}/f")
        #expect(form.query == [Field(name: "a", value: "1"), Field(name: "b", value: "2", enabled: false)])
        #expect(form.headers == [Field(name: "X-Off", value: "1", enabled: false)])
        #expect(form.body == .form([Field(name: "q", value: "{{$uuid}}")]))
        #expect(try imported.request(named: "multipart").body == .multipart([MultipartField(name: "note", value: "hi"), MultipartField(name: "file", file: "/tmp/a.png")]))
        #expect(try imported.request(named: "graphql").body == .json(.object([("query", .string("{ me { id } }")), ("variables", .object([("a", .number("1"))]))])))
        #expect(try imported.request(named: "xml").body == .text("<a/>"))
        #expect(try imported.request(named: "xml").headers == [Field(name: "Content-Type", value: "application/xml")])
        #expect(try imported.request(named: "key").headers == [Field(name: "X-Key", value: "s3cret")])
        // JSON with an unquoted placeholder does not parse: it is sent as written, still as JSON.
        #expect(try imported.request(named: "unquoted").body == .text("{\"n\": {{n}}}"))
        #expect(try imported.request(named: "unquoted").headers == [Field(name: "Content-Type", value: "application/json")])
        #expect(imported.unmapped.map(\.item) == ["oauth", "random"])

        let written = try ImportFixtures.written(imported)
        #expect(try written.request("Imported/key").headers == [Field(name: "X-Key", value: "{{x_key}}")])
        #expect(try written.text("Imported/environments/imported.secret.yaml") == "x_key: s3cret\n")
    }

    @Test("Environments and globals: the environment's value wins; secrets go to the secret file")
    func environments() throws {
        let environment = #"{"name": "Staging", "values": [{"key": "host", "value": "s.example"}, {"key": "apiToken", "value": "t", "type": "secret"}, {"key": "off", "value": "1", "enabled": false}]}"#
        let globals = #"{"name": "Globals", "_postman_variable_scope": "globals", "values": [{"key": "host", "value": "g.example"}, {"key": "region", "value": "eu"}]}"#
        var imported = try PostmanImporter.parse(Data(#"{"info": {"name": "e"}, "item": []}"#.utf8), file: "e.json")
        PostmanImporter.addEnvironments([try PostmanImporter.parseEnvironment(Data(globals.utf8), file: "g.json"),
                                         try PostmanImporter.parseEnvironment(Data(environment.utf8), file: "s.json")], to: &imported)
        #expect(imported.environments == [ImportedEnvironment(name: "staging", variables: [Field(name: "host", value: "s.example"), Field(name: "region", value: "eu")],
                                                              secrets: [Field(name: "apiToken", value: "t")])])
        #expect(imported.unmapped.map(\.item) == ["variable off"])
    }

    @Test("Not a Postman collection is refused with a sentence naming the file")
    func refused() {
        #expect(throws: ImportError("x.json is not a Postman collection v2.0/v2.1: it has no 'item' list")) {
            try PostmanImporter.parse(Data(#"{"info": {}}"#.utf8), file: "x.json")
        }
        #expect(throws: ImportError("x.json uses the collection schema https://schema.getpostman.com/json/collection/v1.0.0/collection.json; courier reads v2.0 and v2.1 (re-export it from Postman)")) {
            try PostmanImporter.parse(Data(#"{"info": {"schema": "https://schema.getpostman.com/json/collection/v1.0.0/collection.json"}, "item": []}"#.utf8), file: "x.json")
        }
        #expect(throws: ImportError.self) { try PostmanImporter.parse(Data("{".utf8), file: "x.json") }
    }
}
