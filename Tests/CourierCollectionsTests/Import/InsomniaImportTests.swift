@testable import CourierCollections
import Foundation
import Testing

@Suite("Insomnia import")
struct InsomniaImportTests {
    @Test("A v4 export: the request group as a folder, the sub-environment with the base's nested references flattened")
    func version4() throws {
        let imported = try InsomniaImporter.parse(try ImportFixtures.data("insomnia/insomnia4.yaml"), file: "insomnia4.yaml")
        #expect(imported.requests.count == 1)
        #expect(imported.lines == ["GET {{base_url}}/sleep"])
        #expect(imported.requests[0].folder == ["Actions"] && imported.requests[0].name == "Get Sleep")
        #expect(imported.settings.name == "Insomnia")
        #expect(imported.unmapped.isEmpty)

        let written = try ImportFixtures.written(imported, into: "Insomnia")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        // Courier does not fill in templates inside variable values: the environment gets the flattened URL.
        #expect(try written.text("Insomnia/environments/insomnia-environment.yaml")
                == "base_path: \"\"\nscheme: http\nhost: 127.0.0.1:4010\nbase_url: http://127.0.0.1:4010\n")
        #expect(try written.request("Insomnia/actions/get-sleep").url == "{{base_url}}/sleep")
    }

    @Test("A v5 export chained with {% response %} tags: requires: and capture:")
    func version5Chains() throws {
        let imported = try InsomniaImporter.parse(try ImportFixtures.data("insomnia/chained-responses-v5.yaml"), file: "chained.yaml")
        #expect(imported.requests.count == 3)
        #expect(imported.lines == ["GET http://localhost:4010/echo", "GET http://localhost:4010/echo", "GET http://localhost:4010/echo"])
        #expect(imported.requests.map(\.request.body) == [.text("first"), .text("{{data}} and second"), .text("{{data_2}} and third")])
        #expect(imported.requests[0].request.captures.map { "\($0.name): \($0.subject)" } == ["data: body data"])
        #expect(imported.requests[1].request.captures.map { "\($0.name): \($0.subject)" } == ["data_2: body data"])
        #expect(imported.requests[1].requiresKeys == ["req_2f12c17ddab14f22ae962c73097aa5a1"])
        #expect(imported.unmapped.isEmpty)

        let written = try ImportFixtures.written(imported, into: "Chains/test")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        #expect(try written.request("Chains/test/second").requires == ["test/first"])
        #expect(try written.request("Chains/test/third").requires == ["test/second"])
    }

    @Test("Bodies, auth kinds, disabled entries and resources that are not HTTP requests")
    func kinds() throws {
        let text = """
        {"_type": "export", "__export_format": 4, "resources": [
          {"_id": "wrk_1", "_type": "workspace", "name": "W"},
          {"_id": "env_1", "_type": "environment", "parentId": "wrk_1", "name": "Base", "data": {"api": {"host": "h.example"}, "token": "abc"}},
          {"_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "form", "method": "POST", "url": "https://{{ _.api.host }}/f",
           "body": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "a", "value": "1"}, {"name": "b", "value": "2", "disabled": true}]},
           "headers": [{"name": "X-Off", "value": "1", "disabled": true}], "authentication": {"type": "bearer", "token": "{{ _.token }}"}, "metaSortKey": 1},
          {"_id": "req_2", "_type": "request", "parentId": "wrk_1", "name": "key", "method": "GET", "url": "https://h/k?x=1",
           "authentication": {"type": "apikey", "key": "X-Api", "value": "literal", "addTo": "header"}, "metaSortKey": 2},
          {"_id": "req_3", "_type": "request", "parentId": "wrk_1", "name": "digest", "method": "GET", "url": "https://h/d",
           "authentication": {"type": "digest", "username": "u", "password": "p"}, "body": {"mimeType": "application/json", "text": "{\\"a\\": [1, 2]}"}, "metaSortKey": 3},
          {"_id": "greq_1", "_type": "grpc_request", "parentId": "wrk_1", "name": "rpc"}
        ]}
        """
        let imported = try InsomniaImporter.parse(Data(text.utf8), file: "k.json")
        #expect(imported.requests.map(\.name) == ["form", "key", "digest"])
        let form = try imported.request(named: "form")
        #expect(form.url == "https://{{api.host}}/f" && form.auth == .bearer("{{token}}"))
        #expect(form.body == .form([Field(name: "a", value: "1"), Field(name: "b", value: "2", enabled: false)]))
        #expect(form.headers.first == Field(name: "X-Off", value: "1", enabled: false))
        #expect(try imported.request(named: "key").query == [Field(name: "x", value: "1")])
        #expect(try imported.request(named: "digest").body == .json(.object([("a", .array([.number("1"), .number("2")]))])))
        #expect(imported.settings.variables == [Field(name: "api.host", value: "h.example"), Field(name: "token", value: "abc")])
        // The gRPC request has no metaSortKey, so it sorts first, as Insomnia shows it.
        #expect(imported.unmapped.map(\.item) == ["rpc", "digest"])

        let written = try ImportFixtures.written(imported)
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        #expect(try written.request("Imported/key").headers == [Field(name: "X-Api", value: "{{x_api}}")])
        #expect(try written.text("Imported/environments/imported.secret.yaml") == "token: abc\nx_api: literal\n")
        #expect(!(try written.text("Imported/collection.yaml")).contains("abc"))
    }

    @Test("Not an Insomnia export is refused with a sentence naming the file")
    func refused() {
        #expect(throws: ImportError("x.yaml is not an Insomnia export: it has neither 'resources' (v4) nor 'type: collection.insomnia.rest/5.0' (v5)")) {
            try InsomniaImporter.parse(Data("name: x".utf8), file: "x.yaml")
        }
    }
}
