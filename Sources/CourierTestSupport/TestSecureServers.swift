import CourierDemoServer
import Foundation

/// HTTPS demo servers shared by every test in a process, started on first use: certificates are
/// made then, and the client's files written to a temporary folder. Proxies are not shared: a
/// test starts its own `DemoProxy`, so its journal holds that test's requests only.
public enum TestSecureServers {
    /// What the tests reach.
    public struct Servers: Sendable {
        /// The authority, the server's and the client's certificates.
        public let certificates: DemoCertificates
        /// `ca.pem`, `client.pem`, `client-key.pem` on disk.
        public let files: DemoCertificateFiles
        /// The demo API over HTTPS, with a certificate no system trusts.
        public let tls: DemoServer
        /// The same, refusing clients without a certificate signed by the authority.
        public let mutualTLS: DemoServer
    }

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
            let task = Task {
                let certificates = try DemoCertificates.make()
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tls-\(UUID().uuidString)")
                return Servers(
                    certificates: certificates,
                    files: try certificates.writeClientFiles(to: folder),
                    tls: try await DemoServer.start(tls: DemoServerTLS(certificates: certificates)),
                    mutualTLS: try await DemoServer.start(tls: DemoServerTLS(certificates: certificates, requiresClientCertificate: true)))
            }
            servers = task
            return try await task.value
        }
    }

    private static let holder = Holder()

    /// The shared servers.
    public static func shared() async throws -> Servers { try await holder.get() }
}
