/// The built-in demo server's HTTPS listeners and forward proxy, with the files a client needs to
/// trust and to be trusted by them: what `{{$demo.https}}`, `{{$demo.mtls}}`, `{{$demo.proxy}}`,
/// `{{$demo.ca}}`, `{{$demo.clientCert}}` and `{{$demo.clientKey}}` fill in. They start on first
/// use, as the plain server behind `{{$demo}}` does, so the Demo collection can show `caCert:`,
/// client certificates and `proxy:` without a setup step.
public struct DemoSecureSite: Sendable, Equatable {
    /// `https://127.0.0.1:PORT`: the demo API behind a certificate only `authority` vouches for.
    public var https: String
    /// The same API on a listener that refuses clients without a certificate `authority` signed.
    public var mutualTLS: String
    /// `http://127.0.0.1:PORT`: a forward proxy (absolute URIs and `CONNECT`) that adds
    /// `Via: 1.1 courier-demo-proxy` to what it forwards.
    public var proxy: String
    /// The PEM file of the authority that signed the listeners' certificates.
    public var authority: String
    /// The PEM file of a client certificate the mutual-TLS listener accepts.
    public var clientCertificate: String
    /// The PEM file of its private key.
    public var clientKey: String

    public init(https: String, mutualTLS: String, proxy: String, authority: String, clientCertificate: String, clientKey: String) {
        self.https = https
        self.mutualTLS = mutualTLS
        self.proxy = proxy
        self.authority = authority
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
    }

    /// The template functions that name a part, in the order help lists them.
    public static let functions = ["$demo.https", "$demo.mtls", "$demo.proxy", "$demo.ca", "$demo.clientCert", "$demo.clientKey"]

    /// The value of template function `name` (`$demo.https`), nil for a name that is not one of `functions`.
    public func value(of name: String) -> String? {
        switch name {
        case "$demo.https": https
        case "$demo.mtls": mutualTLS
        case "$demo.proxy": proxy
        case "$demo.ca": authority
        case "$demo.clientCert": clientCertificate
        case "$demo.clientKey": clientKey
        default: nil
        }
    }
}
