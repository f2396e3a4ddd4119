import Courier
import Foundation
import Testing

/// Pure request building: no network, just `makeURLRequest(for:)` and the value types.
@Suite("Request building")
struct RequestBuildingTests {
    private let endpoint = Endpoint(baseUrl: URL(string: "https://api.example.com/v1/")!, transport: UnusedTransport())

    @Test("Paths join the base URL with exactly one slash; absolute URLs replace it",
          arguments: [("users", "https://api.example.com/v1/users"), ("/users/7", "https://api.example.com/v1/users/7"),
                      ("", "https://api.example.com/v1"), ("http://other.test/x", "http://other.test/x")])
    func pathJoining(path: String, expected: String) throws {
        let request = try endpoint.makeURLRequest(for: DefaultRequest<Data, String>(path: path, method: .get))
        #expect(request.url?.absoluteString == expected)
    }

    @Test("Query parameters keep order, repeat names and percent-encode reserved characters")
    func queryEncoding() throws {
        let request = DefaultRequest<Data, String>(path: "search?fixed=1", method: .get,
                                                   queryParams: [("q", "a b&c=d/é"), ("tag", "x"), ("tag", "y+z")])
        let url = try endpoint.makeURLRequest(for: request).url
        #expect(url?.query == "fixed=1&q=a%20b%26c%3Dd%2F%C3%A9&tag=x&tag=y%2Bz")
    }

    @Test("Endpoint headers come first, request headers override them in place")
    func headerMerging() throws {
        endpoint.headers = [RequestHeaderKey("X-App"): "courier", .accept: "text/plain", RequestHeaderKey("X-Trace"): "1"]
        let request = DefaultRequest<Data, String>(path: "a", method: .get,
                                                   headers: [.accept: "application/json", RequestHeaderKey("x-extra"): "yes"])
        let built = try endpoint.makeURLRequest(for: request)
        #expect(built.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(built.value(forHTTPHeaderField: "X-App") == "courier")
        #expect(built.value(forHTTPHeaderField: "X-Extra") == "yes")
        let curl = try endpoint.cURL(for: request)
        let order = ["X-App", "Accept", "X-Trace", "x-extra", "User-Agent"].compactMap { curl.range(of: "-H '\($0):")?.lowerBound }
        #expect(order.count == 5 && order == order.sorted(), "\(curl)")
    }

    @Test("Bodies get a default Content-Type unless one is set")
    func bodyContentTypes() throws {
        func contentType(_ body: RequestBody, headers: RequestHeaders = [:]) throws -> String? {
            try endpoint.makeURLRequest(for: DefaultRequest<Data, String>(path: "a", method: .post, body: body, headers: headers))
                .value(forHTTPHeaderField: "Content-Type")
        }
        #expect(try contentType(.params(["a": 1])) == "application/json")
        #expect(try contentType(.json(["a": 1])) == "application/json")
        #expect(try contentType(.string("x")) == "text/plain; charset=utf-8")
        #expect(try contentType(.raw(Data([1]))) == "application/octet-stream")
        #expect(try contentType(.form([("a", "1")])) == "application/x-www-form-urlencoded")
        #expect(try contentType(.params(["a": 1]), headers: [.contentType: "application/vnd.api+json"]) == "application/vnd.api+json")
    }

    @Test("Params encode as sorted JSON, or as a form when the Content-Type asks for one")
    func paramsEncoding() throws {
        let json = try endpoint.makeURLRequest(for: DefaultRequest<Data, String>(
            path: "a", method: .post, body: .params(["b": [1, 2], "a": "x", "c": ["n": NSNull()], "d": Int?.none])))
        #expect(json.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"a":"x","b":[1,2],"c":{"n":null},"d":null}"#)
        var headers = RequestHeaders()
        headers.contentType = .application(.formURLEncoded)
        let form = try endpoint.makeURLRequest(for: DefaultRequest<Data, String>(
            path: "a", method: .post, body: .params(["name": "Ada Lovelace", "n": 3, "ok": true]), headers: headers))
        #expect(form.httpBody.map { String(decoding: $0, as: UTF8.self) } == "n=3&name=Ada%20Lovelace&ok=true")
    }

    @Test("Credentials in the URL become a Basic Authorization header")
    func urlCredentials() throws {
        let request = DefaultRequest<Data, String>(path: "http://ada:p%40ss@localhost:1/x", method: .get)
        let built = try endpoint.makeURLRequest(for: request)
        #expect(built.value(forHTTPHeaderField: "Authorization") == AuthToken.basic(username: "ada", password: "p@ss").headerValue)
    }

    @Test("A fractional timeout is rounded up for URLSession, which truncates it")
    func timeoutRounding() throws {
        let built = try endpoint.makeURLRequest(for: DefaultRequest<Data, String>(path: "a", method: .get, timeout: 0.5))
        #expect(built.timeoutInterval >= 1)
    }
}

@Suite("Value types")
struct ValueTypeTests {
    @Test("HTTPMethod is upper-cased, comparable and extensible")
    func httpMethod() {
        #expect(HTTPMethod(rawValue: "patch") == .patch)
        // Methods are case-sensitive: only the standard ones are upper-cased.
        #expect(HTTPMethod.custom("purge").rawValue == "purge" && HTTPMethod(rawValue: "wHat").rawValue == "wHat")
        let literal: HTTPMethod = "PROPFIND"
        #expect(literal.description == "PROPFIND")
        #expect(HTTPMethod.put.isIdempotent && !HTTPMethod.post.isIdempotent && !HTTPMethod.patch.isIdempotent)
    }

    @Test("Header keys compare case-insensitively and keep their spelling")
    func headerKeys() {
        #expect(RequestHeaderKey("content-type") == .contentType)
        #expect(Set([RequestHeaderKey("X-A"), "x-a"]).count == 1)
        var headers: RequestHeaders = [RequestHeaderKey("X-One"): "1", RequestHeaderKey("X-Two"): "2"]
        headers[RequestHeaderKey("x-one")] = "uno"
        headers[RequestHeaderKey("X-Three")] = "3"
        headers[RequestHeaderKey("X-TWO")] = nil
        #expect(headers.fields.map(\.key.rawValue) == ["X-One", "X-Three"])
        #expect(headers[RequestHeaderKey("X-ONE")] == "uno")
    }

    @Test("Typed header values: auth tokens, content type, accept")
    func typedHeaders() {
        var headers = RequestHeaders()
        headers.authToken = .bearer("abc")
        #expect(headers[.authorization] == "Bearer abc")
        headers.authToken = .basic(username: "Aladdin", password: "open sesame")
        #expect(headers[.authorization] == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")  // RFC 7617's example
        #expect(headers.authToken == .basic(username: "Aladdin", password: "open sesame"))
        headers.contentType = .application(.json)
        headers.accept = .image(.png)
        #expect(headers[.contentType] == "application/json" && headers[.accept] == "image/png")
        #expect(RequestHeaders([RequestHeaderKey("b"): "2", RequestHeaderKey("a"): "1"]).fields.map(\.key.rawValue) == ["a", "b"])
    }

    @Test("MimeType parses parameters and quoted values", arguments: [
        ("image/png; q=1", "image", "png", ["q": "1"]),
        ("text/html;charset=\"UTF-8\"", "text", "html", ["charset": "UTF-8"]),
        ("Application/Problem+JSON", "application", "problem+json", [:]),
        ("multipart/form-data; boundary=abc", "multipart", "form-data", ["boundary": "abc"]),
    ])
    func mimeParsing(text: String, type: String, subtype: String, parameters: [String: String]) throws {
        let mime = try #require(MimeType(text))
        #expect(mime.type == type && mime.subtype == subtype)
        for (name, value) in parameters { #expect(mime.parameter(name) == value) }
    }

    @Test("MimeType rejects what is not a media type", arguments: ["", "png", "image/", "/png", "image/p ng", "a/b/c"])
    func mimeRejects(text: String) {
        #expect(MimeType(text) == nil)
    }

    @Test("MimeType by file extension and typed constructors")
    func mimeLookup() {
        #expect(MimeType(fileExtension: "PNG") == .image(.png))
        #expect(MimeType(fileExtension: ".json") == .application(.json))
        #expect(MimeType(fileExtension: "m4a") == .audio(.mp4))
        #expect(MimeType(fileExtension: "nope") == nil)
        #expect(MimeType.text(.plain).with(parameter: "charset", value: "utf-8").description == "text/plain; charset=utf-8")
        #expect(MimeType.application(.problemJSON).isJSON && !MimeType.text(.html).isJSON)
    }

    @Test("TransferProgress fractions cover both directions and unknown totals")
    func progressFractions() {
        #expect(TransferProgress(bytesReceived: 50, totalBytesToReceive: 100).fractionCompleted == 0.5)
        #expect(TransferProgress(bytesSent: 100, totalBytesToSend: 100, bytesReceived: 0, totalBytesToReceive: 100).fractionCompleted == 0.5)
        #expect(TransferProgress(bytesReceived: 50).fractionCompleted == nil)
        #expect((TransferProgress(bytesSent: 50, totalBytesToSend: 100).fractionCompleted ?? 0) < 0.5)
    }
}

/// A transport for tests that must not send anything.
struct UnusedTransport: Transport {
    func send(_ request: URLRequest, body: Data?, progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse {
        throw TransportError(kind: .other, url: request.url, detail: "this test must not send requests")
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
