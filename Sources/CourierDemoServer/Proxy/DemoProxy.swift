import Foundation
import NIOCore
import NIOPosix
import Synchronization

typealias ByteConnection = NIOAsyncChannel<ByteBuffer, ByteBuffer>

/// A forward proxy on loopback, for the demo and for tests: it forwards absolute-URI requests
/// (`GET http://host/path`), tunnels `CONNECT host:port` (how clients reach `https` servers
/// through a proxy) and SOCKS5 `CONNECT`, and records each one. Given credentials, it answers
/// HTTP requests without the matching `Proxy-Authorization: Basic` with `407`.
///
/// ```swift
/// let proxy = try await DemoProxy.start(credentials: DemoProxy.Credentials(user: "ada", password: "pw"))
/// // send through proxy.url …
/// print(proxy.journal)     // what went through it
/// await proxy.stop()
/// ```
public final class DemoProxy: Sendable {
    /// The Basic credentials the proxy demands.
    public struct Credentials: Sendable, Hashable {
        public let user: String
        public let password: String

        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }

        /// `Proxy-Authorization`'s expected value.
        var header: String { "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }
    }

    /// `http://127.0.0.1:PORT`, the URL clients name as their proxy.
    public let url: String
    /// The port it listens on.
    public let port: Int
    private let recorded: ProxyJournal
    private let acceptLoop: AcceptLoop
    /// Shared by every proxy in the process, apart from the cooperative pool as the demo server's
    /// is (see `ServerExecutor`), so tunnels keep flowing while tests compute.
    private static let executor = ServerExecutor(label: "courier.demo-proxy", threads: 2)

    /// What went through the proxy (or was refused by it), oldest first.
    public var journal: [ProxiedRequest] { recorded.entries }

    private init(acceptLoop: AcceptLoop, host: String, port: Int, journal: ProxyJournal) {
        self.acceptLoop = acceptLoop
        self.port = port
        self.url = "http://\(host):\(port)"
        self.recorded = journal
    }

    /// Starts a proxy on `host` and `port` (0 picks a free one).
    /// - Parameters:
    ///   - host: The address to bind; loopback by default.
    ///   - port: The port, or 0 for any free one.
    ///   - credentials: The Basic credentials HTTP clients must send; nil lets everyone through.
    /// - Throws: When the address cannot be bound.
    public static func start(host: String = "127.0.0.1", port: Int = 0, credentials: Credentials? = nil) async throws -> DemoProxy {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: host, port: port) { child in
                child.eventLoop.makeCompletedFuture { try ByteConnection(wrappingChannelSynchronously: child) }
            }
        let journal = ProxyJournal()
        let handler = ProxyConnection(credentials: credentials, journal: journal)
        let acceptLoop = AcceptLoop(channel, on: executor) { await handler.serve($0) }
        return DemoProxy(acceptLoop: acceptLoop, host: host, port: channel.channel.localAddress?.port ?? port, journal: journal)
    }

    /// Stops accepting and returns when the listener is gone.
    public func stop() async { await acceptLoop.stop() }

    /// Runs until the task is cancelled; used by `courier demo-server --proxy-port`.
    public func waitUntilStopped() async { await acceptLoop.waitUntilStopped() }
}

/// One request the proxy handled.
public struct ProxiedRequest: Sendable, Equatable {
    /// How the client asked.
    public enum Kind: String, Sendable {
        /// `GET http://host/path HTTP/1.1`: forwarded as a request.
        case absoluteURI
        /// `CONNECT host:port`: a tunnel (the bytes inside, TLS for https, stay unread).
        case connect
        /// SOCKS5 `CONNECT`: a tunnel.
        case socks5
    }

    public let kind: Kind
    /// The absolute URI, or `host:port` of a tunnel.
    public let target: String
    /// The `Proxy-Authorization` the client sent, if any.
    public let proxyAuthorization: String?
    /// Whether the proxy let it through (false: answered `407`, or the target could not be reached).
    public let forwarded: Bool

    public init(kind: Kind, target: String, proxyAuthorization: String?, forwarded: Bool) {
        self.kind = kind
        self.target = target
        self.proxyAuthorization = proxyAuthorization
        self.forwarded = forwarded
    }
}

/// The proxy's record, shared with its connections.
final class ProxyJournal: Sendable {
    private let state = Mutex<[ProxiedRequest]>([])

    var entries: [ProxiedRequest] { state.withLock { $0 } }

    func record(_ request: ProxiedRequest) { state.withLock { $0.append(request) } }
}
