import Foundation

/// Which proxy, if any, each request goes through: one for `http` URLs, one for `https` URLs, and
/// the hosts that are reached directly (`noProxy`, curl's `--noproxy` and `NO_PROXY`).
public struct ProxySettings: Sendable, Hashable {
    /// The proxy of `http://` URLs; nil reaches them directly.
    public var http: ProxyServer?
    /// The proxy of `https://` URLs; nil reaches them directly.
    public var https: ProxyServer?
    /// Hosts reached without a proxy: `example.com` (and its subdomains; a leading dot means the
    /// same), an address such as `127.0.0.1`, or `*` for every host.
    public var noProxy: [String]

    /// - Parameters:
    ///   - http: The proxy of `http://` URLs.
    ///   - https: The proxy of `https://` URLs.
    ///   - noProxy: Hosts reached directly.
    public init(http: ProxyServer? = nil, https: ProxyServer? = nil, noProxy: [String] = []) {
        self.http = http
        self.https = https
        self.noProxy = noProxy
    }

    /// No proxy for any request.
    public static let direct = ProxySettings()

    /// Whether some request would go through a proxy.
    public var isEmpty: Bool { http == nil && https == nil }

    /// The proxies the process environment names, read as curl reads them: `http_proxy`,
    /// `https_proxy`, `all_proxy` and `no_proxy`, each lower-case first, then upper-case.
    /// - Parameter environment: The process environment.
    /// - Throws: `ProxyError` naming the variable whose URL cannot be used.
    public static func environment(_ environment: [String: String]) throws(ProxyError) -> ProxySettings {
        func value(_ name: String) -> (name: String, text: String)? {
            for spelling in [name.lowercased(), name.uppercased()] {
                if let text = environment[spelling], !text.trimmingCharacters(in: .whitespaces).isEmpty { return (spelling, text) }
            }
            return nil
        }
        func server(_ name: String) throws(ProxyError) -> ProxyServer? {
            guard let (spelling, text) = value(name) else { return nil }
            do {
                return try ProxyServer(parsing: text)
            } catch {
                throw ProxyError(description: "the environment variable \(spelling): \(error.description)")
            }
        }
        let all = try server("all_proxy")
        return ProxySettings(http: try server("http_proxy") ?? all, https: try server("https_proxy") ?? all,
                             noProxy: value("no_proxy").map { hosts(in: $0.text) } ?? [])
    }

    /// The hosts of a comma- (or space-) separated list, as `NO_PROXY` and `--noproxy` hold them.
    public static func hosts(in list: String) -> [String] {
        list.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    }

    /// The proxy `url` goes through; nil when it is reached directly.
    public func server(for url: URL) -> ProxyServer? {
        let proxy = url.scheme?.lowercased() == "https" ? https : http
        guard let proxy, let host = url.host else { return nil }
        return Self.bypasses(host, noProxy: noProxy) ? nil : proxy
    }

    /// Whether `host` is one of `noProxy`'s: equal to an entry, or a subdomain of one.
    public static func bypasses(_ host: String, noProxy: [String]) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return noProxy.contains { entry in
            var entry = entry.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
            if entry == "*" { return true }
            if entry.hasPrefix(".") { entry.removeFirst() }
            return !entry.isEmpty && (host == entry || host.hasSuffix("." + entry))
        }
    }
}
