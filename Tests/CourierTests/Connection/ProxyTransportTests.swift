import Courier
import CourierAsyncHTTPClient
import CourierDemoServer
import CourierTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The AsyncHTTPClient transport through the demo forward proxy, over real sockets: absolute-URI
/// requests for http URLs, CONNECT tunnels for https ones, Basic proxy credentials, SOCKS5, and
/// the hosts `noProxy` sends past it.
@Suite("Proxies of the AsyncHTTPClient transport")
struct ProxyTransportTests {
    /// A path no other test asks for, to find this request in the proxy's journal.
    private func uniquePath() -> String { "/echo/proxy-\(UUID().uuidString)" }

    private func send(_ url: String, proxies: ProxySettings, tls: TLSSettings = .standard) async throws -> TransportResponse {
        let transport = try AsyncHTTPClientTransport(tls: tls, proxies: proxies)
        return try await TLSTransportTests.send(URLRequest(url: URL(fileURLWithPath: "/")), through: transport, to: url)
    }

    private func server(_ proxy: DemoProxy, kind: ProxyServer.Kind = .http, user: String? = nil, password: String? = nil) -> ProxyServer {
        ProxyServer(kind: kind, host: "127.0.0.1", port: proxy.port, username: user, password: password)
    }

    @Test("An http URL goes to the proxy as an absolute-URI request, which it forwards")
    func absoluteURI() async throws {
        let proxy = try await TestSecureServers.shared().proxy
        let target = try await TestServer.url().absoluteString + uniquePath()
        let response = try await send(target, proxies: ProxySettings(http: server(proxy)))
        #expect(response.response.statusCode == 200)
        #expect(proxy.journal.contains { $0.kind == .absoluteURI && $0.target == target && $0.forwarded })
    }

    @Test("An https URL goes through a CONNECT tunnel to the TLS listener, its certificate checked end to end")
    func connectTunnel() async throws {
        let servers = try await TestSecureServers.shared()
        let response = try await send(servers.tls.url + uniquePath(), proxies: ProxySettings(https: server(servers.proxy)),
                                      tls: TLSSettings(caCertificatePath: servers.files.authority))
        #expect(response.response.statusCode == 200)
        #expect(servers.proxy.journal.contains { $0.kind == .connect && $0.target == "127.0.0.1:\(servers.tls.port)" })
    }

    @Test("Basic credentials reach a proxy that wants them, for absolute-URI requests and tunnels; without them it answers 407")
    func credentials() async throws {
        let servers = try await TestSecureServers.shared()
        let credentials = TestSecureServers.proxyCredentials
        let proxy = server(servers.authenticatedProxy, user: credentials.user, password: credentials.password)
        let expected = "Basic " + Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString()
        let plain = try await TestServer.url().absoluteString + uniquePath()
        #expect(try await send(plain, proxies: ProxySettings(http: proxy)).response.statusCode == 200)
        #expect(servers.authenticatedProxy.journal.contains { $0.target == plain && $0.proxyAuthorization == expected && $0.forwarded })
        let secure = servers.tls.url + uniquePath()
        #expect(try await send(secure, proxies: ProxySettings(https: proxy), tls: TLSSettings(insecure: true)).response.statusCode == 200)
        #expect(servers.authenticatedProxy.journal.contains { $0.kind == .connect && $0.proxyAuthorization == expected && $0.forwarded })

        let refused = try await TestServer.url().absoluteString + uniquePath()
        let response = try await send(refused, proxies: ProxySettings(http: server(servers.authenticatedProxy)))
        #expect(response.response.statusCode == 407)
        #expect(servers.authenticatedProxy.journal.contains { $0.target == refused && !$0.forwarded && $0.proxyAuthorization == nil })
    }

    @Test("A socks5 proxy tunnels the request")
    func socks() async throws {
        let proxy = try await TestSecureServers.shared().proxy
        let target = try await TestServer.url()
        let response = try await send(target.absoluteString + uniquePath(), proxies: ProxySettings(http: server(proxy, kind: .socks5)))
        #expect(response.response.statusCode == 200)
        #expect(proxy.journal.contains { $0.kind == .socks5 && $0.target == "127.0.0.1:\(target.port ?? 0)" })
    }

    @Test("A host noProxy names is reached directly")
    func bypass() async throws {
        let proxy = try await TestSecureServers.shared().proxy
        let target = try await TestServer.url().absoluteString + uniquePath()
        let response = try await send(target, proxies: ProxySettings(http: server(proxy), noProxy: ["127.0.0.1"]))
        #expect(response.response.statusCode == 200)
        #expect(!proxy.journal.contains { $0.target.hasSuffix(target) }, "the proxy never saw it")
    }
}
