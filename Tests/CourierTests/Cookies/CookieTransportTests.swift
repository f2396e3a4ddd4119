import Courier
import CourierAsyncHTTPClient
import CourierTestSupport
import Foundation
import Synchronization
import Testing

/// The jar over real sockets against the demo server's cookie routes, on both transports: what one
/// request sets the next sends, scoped by host and path, expired on time, a foreign domain refused
/// and said so in the Debug record, and a saved jar restored.
@Suite("Cookies over both transports")
struct CookieTransportTests {
    private typealias Received = Envelope<[String: String]>

    /// Runs `body` with an endpoint on the demo server over `kind`, keeping cookies in `jar`;
    /// `host` replaces the server's 127.0.0.1 (localhost reaches the same server as another host).
    private func withEndpoint(_ kind: TransportKind, jar: CookieJar, host: String = "127.0.0.1",
                              _ body: (Endpoint) async throws -> Void) async throws {
        var components = try #require(URLComponents(url: try await TestServer.url(), resolvingAgainstBaseURL: false))
        components.host = host
        let url = try #require(components.url)
        switch kind {
        case .urlSession:
            try await body(Endpoint(baseUrl: url, retryingCount: 0, transport: URLSessionTransport(), cookies: jar))
        case .asyncHTTPClient:
            let transport = AsyncHTTPClientTransport()
            do {
                try await body(Endpoint(baseUrl: url, retryingCount: 0, transport: transport, cookies: jar))
            } catch {
                try await transport.shutdown()
                throw error
            }
            try await transport.shutdown()
        }
    }

    private func get(_ path: String, _ query: [(String, String)] = [], on endpoint: Endpoint) async throws -> [String: String] {
        try await DefaultRequest<Received, String>(path: path, method: .get, queryParams: query).asyncExecute(on: endpoint).data
    }

    private func set(_ query: [(String, String)], on endpoint: Endpoint) async throws {
        _ = try await DefaultRequest<Data, String>(path: "cookies/attributes", method: .get, queryParams: query).asyncExecute(on: endpoint)
    }

    @Test("Set by one request, sent by the next; a path cookie only under its path", arguments: TransportKind.allCases)
    func sentBack(kind: TransportKind) async throws {
        try await withEndpoint(kind, jar: CookieJar()) { endpoint in
            _ = try await DefaultRequest<Data, String>(path: "cookies/set", method: .get, queryParams: [("flavour", "oatmeal")]).asyncExecute(on: endpoint)
            try await set([("name", "area"), ("value", "inside"), ("Path", "/cookies/area")], on: endpoint)
            #expect(try await get("cookies", on: endpoint) == ["flavour": "oatmeal"])
            #expect(try await get("cookies/area", on: endpoint) == ["flavour": "oatmeal", "area": "inside"])
            #expect(try await get("cookies/area/inside", on: endpoint) == ["flavour": "oatmeal", "area": "inside"])
        }
    }

    @Test("A cookie set on a redirect (a login's 302) is kept and sent to where it leads", arguments: TransportKind.allCases)
    func setOnRedirect(kind: TransportKind) async throws {
        let jar = CookieJar()
        try await withEndpoint(kind, jar: jar) { (endpoint: Endpoint) async throws in
            // The 302 sets the session and leads to /cookies, which echoes the cookies that arrived.
            #expect(try await get("cookies/login", [("session", "s-42")], on: endpoint) == ["session": "s-42"])
            #expect(jar.all.map { $0.name } == ["session"])
            // A caller's own Cookie header is the caller's: the hop keeps it as it was.
            let own = DefaultRequest<Received, String>(path: "cookies/login", method: .get, queryParams: [("other", "x")],
                                                       headers: [RequestHeaderKey("Cookie"): "mine=1"])
            #expect(try await own.asyncExecute(on: endpoint).data == ["mine": "1"])
            #expect(Set(jar.all.map { $0.name }) == ["session", "other"])
        }
    }

    @Test("A host-only cookie of 127.0.0.1 is not sent to localhost, though the server is the same", arguments: TransportKind.allCases)
    func hostOnly(kind: TransportKind) async throws {
        let jar = CookieJar()
        try await withEndpoint(kind, jar: jar) { endpoint in
            try await set([("name", "numeric"), ("value", "1"), ("Path", "/")], on: endpoint)
        }
        try await withEndpoint(kind, jar: jar, host: "localhost") { endpoint in
            #expect(try await get("cookies", on: endpoint).isEmpty)
            try await set([("name", "named"), ("value", "2"), ("Domain", "localhost"), ("Path", "/")], on: endpoint)
            #expect(try await get("cookies", on: endpoint) == ["named": "2"])
        }
        #expect(Set(jar.all.map(\.domain)) == ["127.0.0.1", "localhost"])
    }

    @Test("A cookie for another domain is refused, and the Debug record says which and why", arguments: TransportKind.allCases)
    func foreignDomain(kind: TransportKind) async throws {
        let jar = CookieJar()
        try await withEndpoint(kind, jar: jar) { endpoint in
            let info = await debugInfo(of: DefaultRequest<Data, String>(path: "cookies/foreign", method: .get,
                                                                        queryParams: [("tracker", "1")]).execute(on: endpoint))
            #expect(info.statusCode == 200)
            #expect(info.rejectedCookies.map(\.description)
                == ["the cookie \"tracker\" set by 127.0.0.1 was rejected: its Domain=example.com is another domain, not 127.0.0.1 or one it belongs to"])
            let received = try await get("cookies", on: endpoint)
            #expect(received.isEmpty)
        }
        #expect(jar.all.isEmpty)
    }

    @Test("Max-Age expires a cookie on time; Max-Age=0 deletes one; Max-Age wins over a past Expires", arguments: TransportKind.allCases)
    func expiry(kind: TransportKind) async throws {
        try await withEndpoint(kind, jar: CookieJar()) { endpoint in
            try await set([("name", "brief"), ("value", "1"), ("Max-Age", "1"), ("Path", "/")], on: endpoint)
            try await set([("name", "kept"), ("value", "2"), ("Expires", "Thu, 01 Jan 1970 00:00:00 GMT"), ("Max-Age", "600"), ("Path", "/")],
                          on: endpoint)
            #expect(try await get("cookies", on: endpoint) == ["brief": "1", "kept": "2"])
            try await Task.sleep(for: .milliseconds(1_100))
            #expect(try await get("cookies", on: endpoint) == ["kept": "2"])
            _ = try await DefaultRequest<Data, String>(path: "cookies/delete", method: .get, queryParams: [("kept", "")]).asyncExecute(on: endpoint)
            #expect(try await get("cookies", on: endpoint).isEmpty)
        }
    }

    @Test("A jar saved through its change hook and restored sends the cookies again", arguments: TransportKind.allCases)
    func restored(kind: TransportKind) async throws {
        let saved = Mutex<[Cookie]>([])
        try await withEndpoint(kind, jar: CookieJar { cookies in saved.withLock { $0 = cookies } }) { endpoint in
            _ = try await DefaultRequest<Data, String>(path: "cookies/set", method: .get, queryParams: [("session", "s1")]).asyncExecute(on: endpoint)
        }
        try await withEndpoint(kind, jar: CookieJar(cookies: saved.withLock { $0 })) { endpoint in
            let received = try await get("cookies", on: endpoint)
            #expect(received == ["session": "s1"])
        }
    }
}
