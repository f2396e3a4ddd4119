import Courier
import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// Variables in `path:` and `url:` cannot reshape the URL, and header values cannot carry a line break.
@Suite("Variables in URLs and headers")
struct URLPlacementTests {
    private let context = TemplateContext(variables: [
        "p": "../../admin%0d%0aX-Injected:1", "dot": ".", "dots": "..", "q": "a&b=c#d+e f", "base": "http://h:1/api",
        "version": "v1/beta", "plain": "users", "crlf": "a\r\nX-Admin: 1",
    ])

    private func url(_ template: String) throws -> String {
        try context.render(template, at: nil, placement: .url)
    }

    @Test("A variable inside a path segment is encoded as that one segment", arguments: [
        ("echo/{{p}}", "echo/..%2F..%2Fadmin%250d%250aX-Injected:1"),
        ("files/{{dots}}/x", "files/%2E%2E/x"),
        ("files/{{dot}}", "files/%2E"),
        ("files/x{{dots}}", "files/x.."),
        ("users/{{crlf}}", "users/a%0D%0AX-Admin:%201"),
        ("users/{{plain}}", "users/users"),
    ])
    func segment(template: String, expected: String) throws {
        #expect(try url(template) == expected)
    }

    @Test("A variable that starts the URL or the path, or sits in the host, goes in as written; {{raw name}} opts out", arguments: [
        ("{{base}}/users/{{dots}}", "http://h:1/api/users/%2E%2E"),
        ("{{version}}/users", "v1/beta/users"),
        ("/{{version}}/users", "/v1/beta/users"),
        ("http://{{plain}}/x/{{plain}}", "http://users/x/users"),
        ("echo/{{raw p}}", "echo/../../admin%0d%0aX-Injected:1"),
        ("echo/{{ raw version }}", "echo/v1/beta"),
    ])
    func asWritten(template: String, expected: String) throws {
        #expect(try url(template) == expected)
    }

    @Test("A variable in the query is encoded as a query value; outside URLs nothing is encoded")
    func queryAndText() throws {
        #expect(try url("search?q={{q}}&n=1") == "search?q=a%26b%3Dc%23d%2Be%20f&n=1")
        #expect(try context.render("echo/{{p}}", at: nil) == "echo/../../admin%0d%0aX-Injected:1")
        #expect(TemplateContext.references(in: "a/{{raw p}}/{{ q }}") == ["p", "q"])
    }

    @Test("The resolver encodes path and url variables, refuses a header value with CR/LF, and the library refuses one too")
    func resolver() throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://localhost:1\n")
        try directory.write("API/r.yaml", "path: \"echo/{{p}}\"\nheaders:\n  - {name: X-Trace, value: \"{{t}}\"}\n")
        let tree = CollectionLoader.load(directory.url)
        let request = try #require(tree.request(id: "API/r"))
        func resolve(_ overrides: [String: String]) throws -> ResolvedRequest {
            let context = RequestResolver.context(for: request, environment: .empty, overrides: overrides, processEnvironment: [:], demoURL: nil)
            return try RequestResolver(context: context).resolve(request)
        }
        let resolved = try resolve(["p": "../../admin", "t": "ok"])
        #expect(try resolved.urlRequest().url?.absoluteString == "http://localhost:1/echo/..%2F..%2Fadmin")
        #expect(try resolved.cURL().contains("'http://localhost:1/echo/..%2F..%2Fadmin'"))
        #expect {
            _ = try resolve(["p": "x", "t": "1\r\nX-Admin: 1"])
        } throws: { error in
            "\(error)".contains("API/r.yaml:3:") && "\(error)".contains("header X-Trace (filled in from {{t}}) contains a line break (CR/LF)")
        }

        let endpoint = Endpoint(baseUrl: try #require(URL(string: "http://localhost:1")))
        let injected = DefaultRequest<Data, String>(path: "x", method: .get, headers: [RequestHeaderKey("X-Trace"): "1\nX-Admin: 1"])
        #expect(throws: RequestBuildError.self) { try endpoint.cURL(for: injected) }
    }
}
