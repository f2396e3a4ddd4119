/// How a request reaches its server, as a request file, a `collection.yaml`, an environment or
/// the command line says: certificate checks, a client certificate and a proxy (curl's `-k`,
/// `--cacert`, `--cert`, `--key`, `-x`, `--noproxy`). Nil means "not said here".
public struct ConnectionDefinition: Sendable, Equatable {
    /// `insecure: true`: accept any server certificate.
    public var insecure: Bool?
    /// `caCert:`, a PEM bundle of the authorities trusted instead of the system's; templated,
    /// relative to the file's folder.
    public var caCert: String?
    /// `clientCert:`, the PEM client certificate; templated, relative to the file's folder.
    public var clientCert: String?
    /// `clientKey:`, its PEM private key (else looked for in `clientCert`'s file).
    public var clientKey: String?
    /// `proxy:`, `http://[user:password@]host:port` or `socks5://host:port`; templated.
    public var proxy: String?
    /// `noProxy:`, hosts reached without the proxy.
    public var noProxy: [String]?

    public init(insecure: Bool? = nil, caCert: String? = nil, clientCert: String? = nil, clientKey: String? = nil,
                proxy: String? = nil, noProxy: [String]? = nil) {
        self.insecure = insecure
        self.caCert = caCert
        self.clientCert = clientCert
        self.clientKey = clientKey
        self.proxy = proxy
        self.noProxy = noProxy
    }

    /// The keys, in the order files list them.
    public static let keys = ["insecure", "caCert", "clientCert", "clientKey", "proxy", "noProxy"]

    /// Whether nothing is said.
    public var isEmpty: Bool { self == ConnectionDefinition() }

    /// These settings over `base`: each key said here wins, the others come from `base`.
    public func layered(over base: ConnectionDefinition) -> ConnectionDefinition {
        ConnectionDefinition(insecure: insecure ?? base.insecure, caCert: caCert ?? base.caCert, clientCert: clientCert ?? base.clientCert,
                             clientKey: clientKey ?? base.clientKey, proxy: proxy ?? base.proxy, noProxy: noProxy ?? base.noProxy)
    }

    /// The keys said, in file order, for a sentence.
    public var saidKeys: [String] {
        let said = [insecure != nil, caCert != nil, clientCert != nil, clientKey != nil, proxy != nil, noProxy != nil]
        return zip(Self.keys, said).filter(\.1).map(\.0)
    }
}
