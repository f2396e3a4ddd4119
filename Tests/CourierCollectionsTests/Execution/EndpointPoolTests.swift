import Courier
import CourierCollections
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("One endpoint per collection and environment")
struct EndpointPoolTests {
    @Test("Requests of a collection share an endpoint (and its cookies) per environment; without a pool each has its own")
    func sharing() throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://localhost:1\n")
        try directory.write("API/a.yaml", "path: a\n")
        try directory.write("API/b.yaml", "path: b\n")
        try directory.write("API/slow.yaml", "path: c\nretries: 2\n")
        let tree = CollectionLoader.load(directory.url)
        let a = try #require(tree.request(id: "API/a"))
        let b = try #require(tree.request(id: "API/b"))
        let slow = try #require(tree.request(id: "API/slow"))
        let context = RequestResolver.context(for: a, environment: .empty, overrides: [:], processEnvironment: [:], demoURL: nil)
        let pool = EndpointPool()
        func endpoint(_ request: LoadedRequest, _ environment: String?, pooled: Bool = true) throws -> Endpoint {
            let scope = pooled ? EndpointScope(pool: pool, environment: environment) : nil
            return try RequestResolver(context: context, endpoints: scope).resolve(request).endpoint
        }
        let first = try endpoint(a, "dev")
        let cookie = try #require(HTTPCookie(properties: [.name: "session", .value: "abc", .domain: "localhost", .path: "/"]))
        first.cookies.set(cookie)
        let second = try endpoint(b, "dev")
        #expect(first === second, "the same collection and environment share one endpoint")
        #expect(second.cookies.cookies(for: try #require(URL(string: "http://localhost:1/b"))).map(\.value) == ["abc"],
                "so a cookie one request received goes with the next")
        #expect(try endpoint(a, "prod") !== first, "another environment has its own endpoint and cookies")
        #expect(try endpoint(slow, "dev") !== first, "another retry count needs an endpoint of its own")
        #expect(try endpoint(a, "dev", pooled: false) !== first)
        #expect(pool.count == 3)
    }
}
