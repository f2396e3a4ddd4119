import Courier
import Foundation

/// How a request connects, every layer applied: what the transport is made with, what the
/// explorer's Debug tab lists, and the options an export adds.
public struct ResolvedConnection: Sendable, Hashable {
    /// Certificate checks and the client certificate, paths made absolute.
    public var tls = TLSSettings.standard
    /// The proxy `proxy:` or `--proxy` names; nil when none does (an empty `proxy: ""` is
    /// `.direct`: no proxy, whatever the environment says).
    public var proxy: ProxyChoice?
    /// The hosts `noProxy:` or `--noproxy` reach directly; nil when neither says.
    public var noProxy: [String]?
    /// The proxies the AsyncHTTPClient transport goes through: `proxy:` (or the environment's
    /// `http_proxy`, `https_proxy`, `all_proxy`) with `noProxy:` (or `no_proxy`).
    public var proxies = ProxySettings.direct
    /// `httpVersion: "1.1"`: HTTP/2 is never negotiated.
    public var http1Only = false
    /// One line per setting that applies and where it comes from, for the Debug tab.
    public var lines: [String] = []

    /// A proxy setting: a server, or none at all.
    public enum ProxyChoice: Sendable, Hashable {
        case server(ProxyServer)
        case direct
    }

    public init() {}

    /// The secrets the settings hold: the proxy's password and the `Proxy-Authorization` it makes.
    public var secrets: [String] {
        let servers = [proxies.http, proxies.https].compactMap { $0 }
        return servers.flatMap { server -> [String] in
            guard let password = server.password, !password.isEmpty, let basic = server.basicAuthorization else { return [] }
            // The exported proxy URL carries the password percent-encoded.
            return [password, ProxyServer.encodedUserInfo(password), basic, String(basic.dropFirst("Basic ".count))]
        }
    }

    /// curl's options for the settings the files and flags make (the environment's proxies curl
    /// reads itself): `-k`, `--cacert`, `--cert`, `--key`, `-x`, `--noproxy`, `--http1.1`.
    public var curlArguments: [[CommandArgument]] {
        var groups: [[CommandArgument]] = []
        if tls.insecure { groups.append([.word("-k")]) }
        if let path = tls.caCertificatePath { groups.append([.word("--cacert"), .value(path)]) }
        if let path = tls.clientCertificatePath { groups.append([.word("--cert"), .value(path)]) }
        if let path = tls.clientKeyPath { groups.append([.word("--key"), .value(path)]) }
        switch proxy {
        case .server(let server)?: groups.append([.word("-x"), .url(server.url(maskingPasswordWith: nil))])
        case .direct?: groups.append([.word("-x"), .value("")])
        case nil: break
        }
        if let noProxy { groups.append([.word("--noproxy"), .value(noProxy.joined(separator: ","))]) }
        if http1Only { groups.append([.word("--http1.1")]) }
        return groups
    }

    /// HTTPie's options for the same settings: `--verify`, `--cert`, `--cert-key`, `--proxy`.
    public var httpieArguments: [[CommandArgument]] {
        var groups: [[CommandArgument]] = []
        if tls.insecure {
            groups.append([.word("--verify=no")])
        } else if let path = tls.caCertificatePath {
            groups.append([.word("--verify"), .value(path)])
        }
        if let path = tls.clientCertificatePath { groups.append([.word("--cert"), .value(path)]) }
        if let path = tls.clientKeyPath { groups.append([.word("--cert-key"), .value(path)]) }
        if case .server(let server)? = proxy {
            for scheme in ["http", "https"] { groups.append([.word("--proxy"), .value("\(scheme):\(server.url(maskingPasswordWith: nil))")]) }
        }
        return groups
    }
}
