import Courier
import CourierAsyncHTTPClient
import CourierDemoServer
import CourierTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The AsyncHTTPClient transport through the demo forward proxy, over real sockets: CONNECT
/// tunnels (AsyncHTTPClient tunnels http URLs too), Basic proxy credentials, SOCKS5, and the
/// hosts `noProxy` sends past it. Each test has a proxy of its own, so its journal is the test's.
@Suite("Proxies of the AsyncHTTPClient transport")
struct ProxyTransportTests {
    private func send(_ url: String, proxies: ProxySettings, tls: TLSSettings = .standard) async throws -> TransportResponse {
        let transport = try AsyncHTTPClientTransport(tls: tls, proxies: proxies)
        return try await TLSTransportTests.send(URLRequest(url: URL(fileURLWithPath: "/")), through: transport, to: url)
    }

    private func server(_ proxy: DemoProxy, kind: ProxyServer.Kind = .http, user: String? = nil, password: String? = nil) -> ProxyServer {
        ProxyServer(kind: kind, host: "127.0.0.1", port: proxy.port, username: user, password: password)
    }

    @Test("http and https URLs go through CONNECT tunnels, the TLS listener's certificate checked end to end")
    func tunnels() async throws {
        let proxy = try await DemoProxy.start()
        let servers = try await TestSecureServers.shared()
        let demo = try await TestServer.url()
        let through = server(proxy)
        let plain = try await send(demo.absoluteString + "/users", proxies: ProxySettings(http: through, https: through))
        let secure = try await send(servers.tls.url + "/users", proxies: ProxySettings(http: through, https: through),
                                    tls: TLSSettings(caCertificatePath: servers.files.authority))
        await proxy.stop()
        #expect(plain.response.statusCode == 200)
        #expect(secure.response.statusCode == 200)
        #expect(proxy.journal.map(\.kind) == [.connect, .connect])
        #expect(Set(proxy.journal.map(\.target)) == ["127.0.0.1:\(demo.port ?? 0)", "127.0.0.1:\(servers.tls.port)"])
    }

    @Test("Basic credentials reach a proxy that wants them; without them the request fails, never goes direct")
    func credentials() async throws {
        let credentials = TestSecureServers.proxyCredentials
        let proxy = try await DemoProxy.start(credentials: credentials)
        let servers = try await TestSecureServers.shared()
        let expected = "Basic " + Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString()
        let authenticated = server(proxy, user: credentials.user, password: credentials.password)
        let response = try await send(servers.tls.url + "/users", proxies: ProxySettings(https: authenticated), tls: TLSSettings(insecure: true))
        #expect(response.response.statusCode == 200)
        await #expect(throws: TransportError.self) {
            try await send(servers.tls.url + "/users", proxies: ProxySettings(https: server(proxy)), tls: TLSSettings(insecure: true))
        }
        await proxy.stop()
        #expect(proxy.journal.map(\.proxyAuthorization) == [expected, nil])
        #expect(proxy.journal.map(\.forwarded) == [true, false])
    }

    @Test("A socks5 proxy tunnels the request")
    func socks() async throws {
        let proxy = try await DemoProxy.start()
        let demo = try await TestServer.url()
        let response = try await send(demo.absoluteString + "/users", proxies: ProxySettings(http: server(proxy, kind: .socks5)))
        await proxy.stop()
        #expect(response.response.statusCode == 200)
        #expect(proxy.journal == [ProxiedRequest(kind: .socks5, target: "127.0.0.1:\(demo.port ?? 0)", proxyAuthorization: nil, forwarded: true)])
    }

    @Test("A host noProxy names is reached directly")
    func bypass() async throws {
        let proxy = try await DemoProxy.start()
        let demo = try await TestServer.url()
        let response = try await send(demo.absoluteString + "/users", proxies: ProxySettings(http: server(proxy), noProxy: ["127.0.0.1"]))
        await proxy.stop()
        #expect(response.response.statusCode == 200)
        #expect(proxy.journal.isEmpty, "the proxy never saw it")
    }
}
