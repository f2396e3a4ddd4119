import AsyncHTTPClient
import Courier
import Foundation
import Synchronization

/// One `HTTPClient` per proxy a transport's requests go through (and one for direct requests):
/// AsyncHTTPClient sets its proxy per client and has no `noProxy` list, so the route of each URL
/// is chosen here and the client for it made on first use.
final class ProxyClients: Sendable {
    private let configuration: HTTPClient.Configuration
    private let proxies: ProxySettings
    private let clients = Mutex<[ProxyServer?: HTTPClient]>([:])

    /// - Parameters:
    ///   - configuration: What every client shares; its proxy is set per client.
    ///   - proxies: Which proxy each URL goes through.
    init(configuration: HTTPClient.Configuration, proxies: ProxySettings) {
        self.configuration = configuration
        self.proxies = proxies
    }

    /// The client for `url`: through its proxy, or direct when it has none or `noProxy` names its host.
    func client(for url: URL) -> HTTPClient {
        let server = proxies.server(for: url)
        return clients.withLock { clients in
            if let client = clients[server] { return client }
            var configuration = self.configuration
            configuration.proxy = server.map(Self.proxy)
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients[server] = client
            return client
        }
    }

    /// Shuts every client made so far down, each even when another fails; throws the first failure.
    func shutdown() async throws {
        let made = clients.withLock { clients in
            defer { clients = [:] }
            return Array(clients.values)
        }
        var firstFailure: (any Error)?
        for client in made {
            do {
                try await client.shutdown()
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        if let firstFailure { throw firstFailure }
    }

    private static func proxy(_ server: ProxyServer) -> HTTPClient.Configuration.Proxy {
        switch server.kind {
        case .socks5:
            return .socksServer(host: server.host, port: server.port)
        case .http:
            let authorization = server.username.map { HTTPClient.Authorization.basic(username: $0, password: server.password ?? "") }
            return .server(host: server.host, port: server.port, authorization: authorization)
        }
    }
}
