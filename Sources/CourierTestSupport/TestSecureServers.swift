import CourierDemoServer
import Foundation

/// HTTPS demo servers shared by every test in a process, started on first use: certificates are
/// made then, and the client's files written to a temporary folder. A test that reads a proxy's
/// journal starts a `DemoProxy` of its own, so the journal holds that test's requests only.
public enum TestSecureServers {
    /// What the tests reach: the HTTPS listeners (one demanding a client certificate), the
    /// certificate files and a proxy of their own that the Demo collection's requests use.
    public typealias Servers = DemoSecureListeners

    /// Credentials for a test's `DemoProxy` that wants `Proxy-Authorization: Basic`.
    public static let proxyCredentials = DemoProxy.Credentials(user: "ada", password: "proxy-secret")

    /// `proxyCredentials` as a proxy URL for `proxy`: `http://ada:proxy-secret@127.0.0.1:PORT`.
    public static func authenticatedURL(of proxy: DemoProxy) -> String {
        "http://\(proxyCredentials.user):\(proxyCredentials.password)@127.0.0.1:\(proxy.port)"
    }

    private actor Holder {
        var servers: Task<Servers, any Error>?

        func get() async throws -> Servers {
            if let servers { return try await servers.value }
            let task = Task { try await DemoSecureListeners.start() }
            servers = task
            return try await task.value
        }
    }

    private static let holder = Holder()

    /// The shared servers.
    public static func shared() async throws -> Servers { try await holder.get() }
}
