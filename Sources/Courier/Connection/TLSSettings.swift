/// How the server's certificate is checked and which certificate the client shows: curl's `-k`,
/// `--cacert`, `--cert` and `--key`. Paths are read when the transport is made.
public struct TLSSettings: Sendable, Hashable {
    /// Accept any server certificate (self-signed, expired, another host's); for test servers only.
    public var insecure: Bool
    /// A PEM file of the certificate authorities trusted instead of the system's.
    public var caCertificatePath: String?
    /// A PEM file of the client's certificate (and its chain), for servers that ask for one.
    public var clientCertificatePath: String?
    /// A PEM file of the client certificate's private key.
    public var clientKeyPath: String?

    /// - Parameters:
    ///   - insecure: Whether any server certificate is accepted.
    ///   - caCertificatePath: A PEM bundle trusted instead of the system's authorities.
    ///   - clientCertificatePath: A PEM client certificate.
    ///   - clientKeyPath: Its PEM private key.
    public init(insecure: Bool = false, caCertificatePath: String? = nil, clientCertificatePath: String? = nil,
                clientKeyPath: String? = nil) {
        self.insecure = insecure
        self.caCertificatePath = caCertificatePath
        self.clientCertificatePath = clientCertificatePath
        self.clientKeyPath = clientKeyPath
    }

    /// The system's authorities, no client certificate.
    public static let standard = TLSSettings()

    /// Whether anything differs from `standard`.
    public var isStandard: Bool { self == .standard }
}
