import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// The demo HTTP API on loopback: realistic JSON resources plus the test routes
/// (`/echo`, `/status`, `/delay`, `/drip`, `/upload`, auth, …) Courier's tests and demo use.
///
/// ```swift
/// let server = try await DemoServer.start()
/// print(server.url)        // http://127.0.0.1:54321
/// await server.stop()
/// ```
public final class DemoServer: Sendable {
    /// The base URL clients use, for example `http://127.0.0.1:54321`.
    public let url: String
    /// The port the server listens on.
    public let port: Int
    /// Counters of what the server has handled, for tests and the explorer.
    public let statistics: DemoStatistics

    private let acceptLoop: AcceptLoop
    /// Shared by every server in the process: a test process starts several.
    private static let executor = ServerExecutor(label: "courier.demo-server", threads: 4)

    private init(acceptLoop: AcceptLoop, scheme: String, host: String, port: Int, statistics: DemoStatistics) {
        self.acceptLoop = acceptLoop
        self.port = port
        self.url = "\(scheme)://\(host):\(port)"
        self.statistics = statistics
    }

    /// Starts a server on `host` and `port` (0 picks a free port) and returns once it accepts connections.
    /// - Parameters:
    ///   - host: The address to bind; loopback by default.
    ///   - port: The port to bind, or 0 for any free one.
    ///   - configuration: Token lifetimes and other tunables.
    ///   - tls: Serve HTTPS with these certificates (`DemoServerTLS`); nil serves plain HTTP.
    /// - Throws: When the address cannot be bound (for example the port is taken).
    public static func start(
        host: String = "127.0.0.1",
        port: Int = 0,
        configuration: DemoServerConfiguration = .init(),
        tls: DemoServerTLS? = nil
    ) async throws -> DemoServer {
        let sslContext = try tls.map { try NIOSSLContext(configuration: $0.serverConfiguration()) }
        let statistics = DemoStatistics()
        let router = DemoRouter(configuration: configuration, statistics: statistics)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: host, port: port) { child in
                child.eventLoop.makeCompletedFuture {
                    if let sslContext { try child.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: sslContext)) }
                    // Hostile routes send header values a well-behaved server refuses (escape sequences).
                    try child.pipeline.syncOperations.configureHTTPServerPipeline(withOutboundHeaderValidation: false)
                    return try HTTPConnection(wrappingChannelSynchronously: child)
                }
            }
        let boundPort = channel.channel.localAddress?.port ?? port
        let handler = ConnectionHandler(router: router)
        let acceptLoop = AcceptLoop(channel, on: executor) { await handler.serve($0) }
        return DemoServer(acceptLoop: acceptLoop, scheme: tls == nil ? "http" : "https", host: host, port: boundPort, statistics: statistics)
    }

    /// Stops accepting, closes every connection and returns when the listener is gone.
    public func stop() async { await acceptLoop.stop() }

    /// Runs until the task is cancelled; used by `courier demo-server`.
    public func waitUntilStopped() async { await acceptLoop.waitUntilStopped() }
}

/// Tunables of the demo server.
public struct DemoServerConfiguration: Sendable {
    /// A bearer token `/bearer` always accepts, so saved collections work without a login first.
    public static let staticToken = "courier-demo-token"

    /// How long an access token from `/auth/login` or `/auth/refresh` stays valid.
    public var accessTokenLifetime: Double
    /// Credentials `/auth/login` accepts.
    public var username: String
    public var password: String

    public init(accessTokenLifetime: Double = 60, username: String = "ada", password: String = "lovelace") {
        self.accessTokenLifetime = accessTokenLifetime
        self.username = username
        self.password = password
    }
}

/// Counts of requests by route and a journal of the latest requests, readable while the server runs.
public final class DemoStatistics: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        var journal: [ReceivedRequest] = []
    }

    /// How many requests the journal keeps.
    public static let journalLimit = 200
    /// How much of each body the journal keeps, so large uploads do not pile up in memory.
    public static let journalBodyLimit = 1_048_576
    private let state = Mutex(State())

    /// How many requests reached `path` (for example `/auth/refresh`).
    public func count(for path: String) -> Int { state.withLock { $0.counts[path, default: 0] } }

    /// The latest requests, oldest first.
    public var journal: [ReceivedRequest] { state.withLock { $0.journal } }

    func record(_ request: DemoRequest) {
        let received = ReceivedRequest(method: request.method.rawValue, path: request.path, query: request.rawQuery,
                                       headers: request.headers.map { ($0.name, $0.value) },
                                       body: Data(request.body.readableBytesView.prefix(Self.journalBodyLimit)),
                                       bodySize: request.body.readableBytes)
        state.withLock { state in
            state.counts[request.path, default: 0] += 1
            state.journal.append(received)
            if state.journal.count > Self.journalLimit { state.journal.removeFirst(state.journal.count - Self.journalLimit) }
        }
    }
}

/// A request as the demo server received it.
public struct ReceivedRequest: Sendable {
    public let method: String
    public let path: String
    /// The raw query string, without `?`.
    public let query: String?
    /// Header fields in arrival order.
    public let headers: [(name: String, value: String)]
    /// The body, or its first `DemoStatistics.journalBodyLimit` bytes.
    public let body: Data
    /// The whole body's size.
    public let bodySize: Int

    /// The first value of a header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
