/// How a request reaches its server, as a request file, a `collection.yaml`, an environment or
/// the command line says: certificate checks, a client certificate, a proxy and the HTTP version
/// (curl's `-k`, `--cacert`, `--cert`, `--key`, `-x`, `--noproxy`, `--http1.1`, `--http2`). Nil
/// means "not said here".
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
    /// `httpVersion:`, `"1.1"` (never HTTP/2) or `"2"` (HTTP/2 only, which no transport can do:
    /// refused with a sentence); nil lets the transport choose.
    public var httpVersion: String?

    /// The values `httpVersion:` takes.
    public static let httpVersions = ["1.1", "2"]

    public init(insecure: Bool? = nil, caCert: String? = nil, clientCert: String? = nil, clientKey: String? = nil,
                proxy: String? = nil, noProxy: [String]? = nil, httpVersion: String? = nil) {
        self.insecure = insecure
        self.caCert = caCert
        self.clientCert = clientCert
        self.clientKey = clientKey
        self.proxy = proxy
        self.noProxy = noProxy
        self.httpVersion = httpVersion
    }

    /// The keys, in the order files list them.
    public static let keys = ["insecure", "caCert", "clientCert", "clientKey", "proxy", "noProxy", "httpVersion"]

    /// Whether nothing is said.
    public var isEmpty: Bool { self == ConnectionDefinition() }

    /// These settings over `base`: each key said here wins, the others come from `base`.
    public func layered(over base: ConnectionDefinition) -> ConnectionDefinition {
        ConnectionDefinition(insecure: insecure ?? base.insecure, caCert: caCert ?? base.caCert, clientCert: clientCert ?? base.clientCert,
                             clientKey: clientKey ?? base.clientKey, proxy: proxy ?? base.proxy, noProxy: noProxy ?? base.noProxy,
                             httpVersion: httpVersion ?? base.httpVersion)
    }

    /// The keys said, in file order, for a sentence.
    public var saidKeys: [String] {
        let said = [insecure != nil, caCert != nil, clientCert != nil, clientKey != nil, proxy != nil, noProxy != nil, httpVersion != nil]
        return zip(Self.keys, said).filter(\.1).map(\.0)
    }
}
