import CourierDemoServer
import Foundation

/// HTTPS demo servers and forward proxies shared by every test in a process, started on first
/// use: certificates are made then, and the client's files written to a temporary folder.
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
        /// A proxy that lets everyone through.
        public let proxy: DemoProxy
        /// A proxy that wants `Proxy-Authorization: Basic` with `proxyCredentials`.
        public let authenticatedProxy: DemoProxy
    }

    /// The user and password `authenticatedProxy` accepts.
    public static let proxyCredentials = DemoProxy.Credentials(user: "ada", password: "proxy-secret")

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
                    mutualTLS: try await DemoServer.start(tls: DemoServerTLS(certificates: certificates, requiresClientCertificate: true)),
                    proxy: try await DemoProxy.start(),
                    authenticatedProxy: try await DemoProxy.start(credentials: TestSecureServers.proxyCredentials))
            }
            servers = task
            return try await task.value
        }
    }

    private static let holder = Holder()

    /// The shared servers.
    public static func shared() async throws -> Servers { try await holder.get() }
}
