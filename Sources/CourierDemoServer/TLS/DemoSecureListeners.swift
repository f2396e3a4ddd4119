import Foundation

/// The demo API over HTTPS twice (once demanding a client certificate) and a forward proxy, with
/// the authority's and the client's PEM files written to a folder: what a client needs to try
/// `caCert:`, `clientCert:`/`clientKey:` and `proxy:` against something real.
///
/// ```swift
/// let secure = try await DemoSecureListeners.start()
/// // GET \(secure.tls.url)/users/1 trusting secure.files.authority …
/// await secure.stop()   // also removes the folder
/// ```
public final class DemoSecureListeners: Sendable {
    /// The authority, the server's and the client's certificates.
    public let certificates: DemoCertificates
    /// `ca.pem`, `client.pem` and `client-key.pem` on disk.
    public let files: DemoCertificateFiles
    /// The demo API over HTTPS, with a certificate only `certificates`' authority vouches for.
    public let tls: DemoServer
    /// The same, refusing clients without a certificate signed by the authority.
    public let mutualTLS: DemoServer
    /// A forward proxy without credentials (absolute URIs, `CONNECT`, SOCKS5).
    public let proxy: DemoProxy
    private let folder: URL

    private init(certificates: DemoCertificates, files: DemoCertificateFiles, tls: DemoServer, mutualTLS: DemoServer,
                 proxy: DemoProxy, folder: URL) {
        self.certificates = certificates
        self.files = files
        self.tls = tls
        self.mutualTLS = mutualTLS
        self.proxy = proxy
        self.folder = folder
    }

    /// Makes the certificates, writes the client's files into a new temporary folder and starts
    /// the three listeners on free loopback ports; on failure nothing is left running or on disk.
    public static func start() async throws -> DemoSecureListeners {
        let certificates = try DemoCertificates.make()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-tls-\(UUID().uuidString)")
        var startedSoFar: [DemoServer] = []
        do {
            let files = try certificates.writeClientFiles(to: folder)
            let tls = try await DemoServer.start(tls: DemoServerTLS(certificates: certificates))
            startedSoFar.append(tls)
            let mutualTLS = try await DemoServer.start(tls: DemoServerTLS(certificates: certificates, requiresClientCertificate: true))
            startedSoFar.append(mutualTLS)
            let proxy = try await DemoProxy.start()
            return DemoSecureListeners(certificates: certificates, files: files, tls: tls, mutualTLS: mutualTLS, proxy: proxy, folder: folder)
        } catch {
            for server in startedSoFar { await server.stop() }
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Stops the listeners and removes the certificate folder.
    public func stop() async {
        await tls.stop()
        await mutualTLS.stop()
        await proxy.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
