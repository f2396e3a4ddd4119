@testable import CourierExplorer
import Courier
import CourierAsyncHTTPClient
import CourierCollections
import CourierDemoServer
import CourierTestSupport
import Foundation
import Synchronization
import Testing

/// The Debug tab lists the certificate and proxy settings a send used, one line each, the proxy
/// password masked, after a real exchange with the demo server's HTTPS listener through its proxy.
@Suite("Debug shows the connection settings")
struct DebugConnectionTests {
    /// AsyncHTTPClient transports made for the backend, shut down when the test is done.
    private final class Made: Sendable {
        let transports = Mutex<[AsyncHTTPClientTransport]>([])

        var selection: TransportSelection {
            TransportSelection(standard: .asynchttpclient) { _, settings in
                let transport = try AsyncHTTPClientTransport(tls: settings.tls, proxies: settings.proxies)
                self.transports.withLock { $0.append(transport) }
                return transport
            }
        }

        func shutdown() async {
            for transport in transports.withLock({ $0 }) { try? await transport.shutdown() }
        }
    }

    /// Sends `loaded` as the explorer does, over AsyncHTTPClient transports shut down afterwards.
    private func send(_ loaded: LoadedRequest) async throws -> (RunResult, RequestOutcome) {
        let made = Made()
        var backend = ExplorerBackend(demo: TestDemoURL(), spooling: nil)
        backend.transports = made.selection
        let (result, outcome, _) = try await backend.send(loaded, environment: nil) { _ in }
        await backend.shutdown()
        await made.shutdown()
        return (result, outcome)
    }

    @Test("The shipped Demo/connections/client-certificate request: the explorer fills {{$demo.mtls}} and the certificate files from its demo source, and Debug names them")
    func shippedClientCertificate() async throws {
        let servers = try await TestSecureServers.shared()
        let loaded = try #require(CollectionLoader.loadRequest("Demo/connections/client-certificate", in: Checkout.collections))
        let (result, outcome) = try await send(loaded)
        #expect(result.statusCode == 200, "\(result.failure ?? "")")
        let lines = SnapshotBuilder.snapshot(result, sequence: 1, received: 0, redactor: outcome.redactor).debugLines
        #expect(lines.contains { $0.hasPrefix("connection TLS: client certificate \(servers.files.clientCertificate) (clientCert, ") }, "\(lines)")
    }

    @Test("Fetching an OAuth 2.0 token from the Auth tab goes the request's way: a token server behind the demo authority's certificate is trusted through caCert")
    func tokenFetchUsesConnection() async throws {
        let servers = try await TestSecureServers.shared()
        let directory = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: \(servers.tls.url)\ncaCert: \(servers.files.authority)\n")
        try directory.write("API/me.yaml", """
            path: oauth/me
            auth:
              oauth2:
                grant: client_credentials
                tokenUrl: \(servers.tls.url)/oauth/token
                clientId: courier-demo
                clientSecret: courier-demo-client-secret

            """)
        let loaded = try #require(CollectionLoader.load(directory.url).request(id: "API/me"))
        let made = Made()
        var backend = ExplorerBackend(demo: TestDemoURL(), spooling: nil)
        backend.transports = made.selection
        backend.processEnvironment = ["XDG_STATE_HOME": state.url.path]
        backend.oauth = OAuthTokens(processEnvironment: backend.processEnvironment) { _ in }
        let action = await backend.fetchOAuthToken(of: loaded, environment: nil, id: "API/me")
        await backend.shutdown()
        await made.shutdown()
        guard case .oauthTokenRead(_, let status, let note) = action else {
            Issue.record("unexpected \(action)")
            return
        }
        #expect(note == "fetched a new OAuth 2.0 token for API/me", "\(status)")
    }

    @Test("caCert, proxy with a password, noProxy: a line each, and the password masked")
    func lines() async throws {
        let servers = try await TestSecureServers.shared()
        let credentials = TestSecureServers.proxyCredentials
        let proxy = try await DemoProxy.start(credentials: credentials)
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: \(servers.tls.url)\ncaCert: \(servers.files.authority)\n")
        try directory.write("API/ping.yaml", """
            path: users
            proxy: \(TestSecureServers.authenticatedURL(of: proxy))
            noProxy: [example.invalid]

            """)
        let loaded = try #require(CollectionLoader.load(directory.url).request(id: "API/ping"))
        let (result, outcome) = try await send(loaded)
        await proxy.stop()
        #expect(result.statusCode == 200, "\(result.failure ?? "")")
        let lines = SnapshotBuilder.snapshot(result, sequence: 1, received: 0, redactor: outcome.redactor).debugLines
        let connection = lines.filter { $0.hasPrefix("connection ") }
        #expect(connection.count == 3, "\(lines)")
        #expect(connection.contains { $0.hasPrefix("connection TLS: trusts the authorities in \(servers.files.authority) (caCert, ") })
        #expect(connection.contains { $0.hasPrefix("connection Proxy: http://ada:••••••@127.0.0.1:\(proxy.port) (proxy, ") })
        #expect(connection.contains { $0.hasPrefix("connection No proxy for example.invalid (noProxy, ") })
        #expect(!lines.joined().contains(credentials.password))
        #expect(proxy.journal.map(\.kind) == [.connect], "it went through the proxy")
    }
}
