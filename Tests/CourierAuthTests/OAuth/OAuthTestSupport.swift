import Courier
import CourierAsyncHTTPClient
import CourierAuth
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transports the OAuth grants are run over.
enum OAuthTransport: String, CaseIterable, Sendable, CustomStringConvertible {
    case urlSession, asyncHTTPClient

    var description: String { rawValue }

    /// Runs `body` with an endpoint on `server` over this transport, shutting the transport down after.
    func withEndpoint(on server: URL, _ body: (Endpoint) async throws -> Void) async throws {
        switch self {
        case .urlSession:
            try await body(Endpoint(baseUrl: server, retryingCount: 0, transport: URLSessionTransport()))
        case .asyncHTTPClient:
            let transport = AsyncHTTPClientTransport()
            do { try await body(Endpoint(baseUrl: server, retryingCount: 0, transport: transport)) } catch {
                try await transport.shutdown()
                throw error
            }
            try await transport.shutdown()
        }
    }
}

/// A demo server of a test's own, so counting the hits of its token endpoint sees no other test's.
func withPrivateDemoServer(_ body: (DemoServer, URL) async throws -> Void) async throws {
    let server = try await DemoServer.start(configuration: DemoServerConfiguration())
    guard let url = URL(string: server.url) else { throw TestSupportError("the demo server reported an invalid URL \(server.url)") }
    do { try await body(server, url) } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

extension OAuth2Configuration {
    /// The demo server's OAuth client with `grant`, tokens living `lifetime` seconds: an hour by
    /// default, so a test that stalls on a busy machine never sees its token near expiry.
    static func demo(_ server: URL, grant: OAuth2Grant, lifetime: Int = 3600, secret: String? = DemoOAuthClient.secret,
                     deviceQuery: String = "interval=0.05&polls=2") -> OAuth2Configuration {
        OAuth2Configuration(tokenURL: server.appendingPathComponent("oauth/token").appendingQuery("expires_in=\(lifetime)"),
                            authorizationURL: server.appendingPathComponent("oauth/authorize"),
                            deviceAuthorizationURL: server.appendingPathComponent("oauth/device").appendingQuery(deviceQuery),
                            clientID: DemoOAuthClient.id, clientSecret: secret, scope: "profile", grant: grant)
    }
}

extension URL {
    func appendingQuery(_ query: String) -> URL {
        URL(string: "\(absoluteString)?\(query)") ?? self
    }
}

/// Stands in for the browser: the real curl follows the authorization URL, redirect included (so
/// the demo server's redirect reaches the loopback listener), optionally after `tamper`. A process
/// of its own, as a browser is: nothing in this one (a shared session, its pool) can hold it up.
func followInBrowser(tamper: @escaping @Sendable (URL) -> URL = { $0 }) -> @Sendable (URL) async -> Bool {
    { url in
        // The prompt opens the browser before the listener waits: the redirect may come first, and the
        // listener's socket is already listening, so it waits in the backlog.
        let result = try? await Processes.run(["curl", "-sS", "-L", "--max-time", "15", "-o", "/dev/null", "-w", "%{url_effective}",
                                               tamper(url).absoluteString], timeout: 30)
        if result?.status != 0 {
            Issue.record("the stand-in browser failed at \(result?.stdoutText ?? "?"): \(result?.stderr ?? "curl did not finish")")
        }
        return result?.status == 0
    }
}

/// `GET /oauth/me` through `endpoint`, returning the status.
func profileStatus(on endpoint: Endpoint) async -> Int? {
    let exchange = await DefaultRequest<Data, String>(path: "oauth/me", method: .get).exchange(on: endpoint)
    switch exchange.result {
    case .success(let sent): return sent.statusCode
    case .failure: return exchange.debug.urlResponse?.statusCode
    }
}
