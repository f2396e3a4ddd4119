import Foundation
import Synchronization

/// The shared demo server's URL for the seed facades' routers, whose `baseURL` is synchronous:
/// `start()` runs before a test builds a router. Every test of a process shares the one server,
/// so the value never changes once set.
public enum Demo {
    private static let shared = Mutex<URL?>(nil)

    /// Starts (or finds) the shared server and returns its URL.
    @discardableResult
    public static func start() async throws -> URL {
        let url = try await TestServer.url()
        shared.withLock { $0 = url }
        return url
    }

    /// The shared server's URL; `start()` must have run (before, a URL that cannot be sent).
    public static var url: URL { shared.withLock { $0 } ?? URL(fileURLWithPath: "/demo-server-not-started") }

    /// Another "server" for routers that override the base URL: the echo route under `another/`.
    public static var other: URL { url.appendingPathComponent("echo/another") }
}

/// What the demo server's `/echo` saw, for tests that decode it without Courier.
public struct Echo: Decodable, Sendable {
    public let method: String
    public let path: String
    public let query: String?
    public let headers: [[String]]
    public let bodySize: Int

    /// A request header's value, by name in any case.
    public func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }
}
