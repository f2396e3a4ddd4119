import CourierDemoServer
import Foundation

/// The loopback demo server shared by every test in a process, started on first use.
public enum TestServer {
    private actor Holder {
        var server: Task<DemoServer, any Error>?

        func get() async throws -> DemoServer {
            if let server { return try await server.value }
            let task = Task { try await DemoServer.start(configuration: DemoServerConfiguration(accessTokenLifetime: 60)) }
            server = task
            return try await task.value
        }
    }

    private static let holder = Holder()

    /// The shared server.
    public static func shared() async throws -> DemoServer { try await holder.get() }

    /// The shared server's base URL.
    public static func url() async throws -> URL {
        let server = try await shared()
        guard let url = URL(string: server.url) else { throw TestSupportError("the demo server reported an invalid URL \(server.url)") }
        return url
    }
}

/// A failure inside test support, with a readable message.
public struct TestSupportError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
