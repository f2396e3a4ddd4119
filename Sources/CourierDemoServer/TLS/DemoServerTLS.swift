import NIOSSL

/// How a demo server speaks TLS: the certificates it shows, and whether it demands a client
/// certificate signed by their authority (a client without one fails the handshake).
public struct DemoServerTLS: Sendable {
    /// The authority, the server's certificate and a client certificate.
    public let certificates: DemoCertificates
    /// Whether a client certificate is required.
    public let requiresClientCertificate: Bool

    /// - Parameters:
    ///   - certificates: What the listener shows and trusts.
    ///   - requiresClientCertificate: Whether the handshake demands a client certificate.
    public init(certificates: DemoCertificates, requiresClientCertificate: Bool = false) {
        self.certificates = certificates
        self.requiresClientCertificate = requiresClientCertificate
    }

    func serverConfiguration() throws -> TLSConfiguration {
        try certificates.serverConfiguration(requiringClientCertificate: requiresClientCertificate)
    }
}
