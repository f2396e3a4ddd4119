@testable import CourierCollections
import Foundation
import Testing

/// Hurl cannot be installed here and has no importer in courier, so its output is pinned by a
/// golden file checked against Hurl's documented grammar, and each assertion kind by its line.
@Suite("Export to Hurl")
struct HurlExportTests {
    @Test("Shop as a Hurl file matches its golden file")
    func golden() throws {
        let document = HurlExporter.export(try ExportFixtures.shop())
        try ExportFixtures.expectGolden(document.text, "Shop.hurl")
        #expect(!document.text.contains("tok-123"))
        // Courier's `{{$env.NAME}}` is Hurl's `{{NAME}}` (set by HURL_NAME); `{{$uuid}}` is `{{newUuid}}`.
        #expect(document.text.contains("\"password\": \"{{SHOP_PASSWORD}}\""))
        #expect(document.text.contains("Idempotency-Key: {{newUuid}}"))
    }

    @Test("Each assertion kind in Hurl's grammar", arguments: [
        ("status == 201", "status == 201"),
        ("header Content-Type contains \"json\"", "header \"Content-Type\" contains \"json\""),
        ("header Location startsWith \"/users/\"", "header \"Location\" startsWith \"/users/\""),
        ("header ETag endsWith \"-gzip\"", "header \"ETag\" endsWith \"-gzip\""),
        ("body data/id is number", "jsonpath \"$.data.id\" isNumber"),
        ("body data/name is string", "jsonpath \"$.data.name\" isString"),
        ("body data/admin is bool", "jsonpath \"$.data.admin\" isBoolean"),
        ("body data/items is array", "jsonpath \"$.data.items\" isList"),
        ("body data is object", "jsonpath \"$.data\" isObject"),
        ("body data/deleted is null", "jsonpath \"$.data.deleted\" == null"),
        ("body data/items/0/id == 7", "jsonpath \"$.data.items[0].id\" == 7"),
        ("body data/token exists", "jsonpath \"$.data.token\" exists"),
        ("body data/next not exists", "jsonpath \"$.data.next\" not exists"),
        ("body data/roles count >= 1", "jsonpath \"$.data.roles\" count >= 1"),
        ("body data/name != \"{{user}}\"", "jsonpath \"$.data.name\" != \"{{user}}\""),
        ("body data/id == {{createdUserId}}", "jsonpath \"$.data.id\" == {{createdUserId}}"),
        ("body matches \"^\\\\{.*/\"", "body matches /^\\{.*\\//"),
        ("duration < 500", "duration < 500"),
        ("size <= 1024", "bytes count <= 1024"),
        ("cookie session exists", "cookie \"session\" exists"),
    ])
    func assertion(_ written: String, _ hurl: String) throws {
        let assertion = try AssertionGrammar.assertion(written)
        #expect(HurlQueries.assert(assertion) == hurl)
    }

    @Test("What Hurl cannot say stays a comment and a warning")
    func unsupported() throws {
        var request = RequestDefinition()
        request.url = "https://example.com/a"
        request.expectations = [try AssertionGrammar.assertion("header X-Tags count == 2")]
        let document = HurlExporter.export(ExportedCollection(name: "x", requests: [ExportedRequest(id: "x/a", name: "A", request: request)]))
        #expect(document.text.contains("# expect: header X-Tags count == 2"))
        #expect(document.warnings == ["x/a: `header X-Tags count == 2` has no Hurl equivalent; kept as a comment"])
    }
}

extension HurlExportTests {
    @Test("A built-in a format cannot spell becomes a variable to set, with a warning naming the request")
    func builtIns() throws {
        var request = RequestDefinition()
        request.url = "https://example.com/a?t={{$timestamp}}"
        request.headers = [Field(name: "X-Id", value: "{{$uuid}}"), Field(name: "X-Home", value: "{{$env.HOME}}")]
        let collection = ExportedCollection(name: "x", requests: [ExportedRequest(id: "x/a", name: "A", request: request)])
        let hurl = HurlExporter.export(collection)
        #expect(hurl.text.contains("GET https://example.com/a?t={{timestamp}}\nX-Id: {{newUuid}}\nX-Home: {{HOME}}\n"))
        #expect(hurl.warnings == ["x/a: Hurl has no {{$timestamp}}; written as a variable to set"])
        let postman = PostmanExporter.export(collection)
        #expect(postman.text.contains("\"value\": \"{{$guid}}\""))
        #expect(postman.warnings == ["x/a: Postman has no {{$env.HOME}}; written as a variable to set"])
        let http = HTTPFileExporter.export(collection)
        #expect(http.text.contains("X-Home: {{$processEnv HOME}}"))
        #expect(http.warnings.isEmpty)
    }
}
