@testable import CourierCollections
import Foundation
import Testing

@Suite("HAR import")
struct HARImportTests {
    @Test("A Chrome HAR: one request per entry, the entry without a URL listed, the cookie into a secret variable")
    func chrome() throws {
        let imported = try HARImporter.parse(try ImportFixtures.data("har/chrome-deep.har"), file: "chrome.har")
        #expect(imported.requests.count == 1)
        #expect(imported.lines == ["POST foo/bar"])
        #expect(imported.settings.baseUrl == "https://insomnia.rest")
        let request = try imported.request(named: "POST /foo/bar")
        #expect(request.query == [Field(name: "foo", value: "bar")])
        #expect(request.headers == [Field(name: "cookie", value: "foo=bar")])
        #expect(request.body == .text("hello world!"))
        #expect(imported.unmapped.map(\.description) == ["chrome.har: entry 1: no request with an absolute URL"])

        let written = try ImportFixtures.written(imported, into: "Browser")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        #expect(try written.request("Browser/post-foo-bar").headers == [Field(name: "cookie", value: "{{cookie}}")])
        #expect(try written.text("Browser/environments/har.secret.yaml") == "cookie: foo=bar\n")
    }

    /// Entries as Chrome writes them for an HTTP/2 page: pseudo-headers, XHR and document entries, two hosts.
    private static let http2 = """
    {"log": {"version": "1.2", "creator": {"name": "WebInspector"}, "entries": [
      {"_resourceType": "document", "request": {"method": "GET", "url": "https://app.example/", "headers": []}},
      {"_resourceType": "xhr", "request": {"method": "POST", "url": "https://api.example/v1/items?draft=1",
        "headers": [{"name": ":authority", "value": "api.example"}, {"name": ":method", "value": "POST"}, {"name": ":path", "value": "/v1/items?draft=1"},
                    {"name": "authorization", "value": "Bearer eyJ.abc"}, {"name": "content-type", "value": "application/json"},
                    {"name": "content-length", "value": "11"}],
        "queryString": [{"name": "draft", "value": "1"}], "postData": {"mimeType": "application/json", "text": "{\\"n\\":\\"a\\"}"}}},
      {"_resourceType": "fetch", "request": {"method": "POST", "url": "https://api.example/v1/form",
        "headers": [], "postData": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "q", "value": "a b"}]}}}
    ]}}
    """

    @Test("--only-xhr and --host filter; pseudo-headers and Content-Length are dropped; Authorization becomes auth")
    func filters() throws {
        let all = try HARImporter.parse(Data(Self.http2.utf8), file: "h2.har")
        #expect(all.requests.count == 3)
        #expect(all.requests.map(\.folder) == [["app.example"], ["api.example"], ["api.example"]])
        #expect(all.lines == ["GET https://app.example/", "POST https://api.example/v1/items", "POST https://api.example/v1/form"])

        let xhr = try HARImporter.parse(Data(Self.http2.utf8), file: "h2.har", filter: .init(onlyXHR: true))
        #expect(xhr.requests.count == 2)
        #expect(xhr.notes == ["1 of 3 entries of h2.har left out by --only-xhr/--host", "content-length dropped: courier computes it for the body it sends"])
        let items = try xhr.request(named: "POST /v1/items")
        #expect(items.path == "v1/items" && items.query == [Field(name: "draft", value: "1")])
        #expect(items.headers.map(\.name) == ["authorization", "content-type"])
        #expect(items.body == .json(.object([("n", .string("a"))])))
        #expect(try xhr.request(named: "POST /v1/form").body == .form([Field(name: "q", value: "a b")]))

        let host = try HARImporter.parse(Data(Self.http2.utf8), file: "h2.har", filter: .init(hosts: ["app.example"]))
        #expect(host.lines == ["GET "])

        let written = try ImportFixtures.written(xhr, into: "Api")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
        let saved = try written.request("Api/post-v1-items")
        #expect(saved.auth == .bearer("{{token}}") && saved.headers.map(\.name) == ["content-type"])
        #expect(try written.text("Api/environments/har.secret.yaml") == "token: eyJ.abc\n")
    }

    @Test("Not a HAR file is refused with a sentence naming the file")
    func refused() {
        #expect(throws: ImportError("x.har is not a HAR file: it has no log.entries list")) { try HARImporter.parse(Data("{}".utf8), file: "x.har") }
    }
}
