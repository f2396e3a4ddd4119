import Foundation

/// One cookie as a jar keeps it: RFC 6265's storage model (§5.3), attributes already applied.
public struct Cookie: Sendable, Hashable, Codable {
    /// The `SameSite` attribute, kept and shown (a client that is not a browser has no sites to
    /// tell apart, so it does not change what is sent).
    public enum SameSite: String, Sendable, Hashable, Codable, CaseIterable {
        case strict = "Strict", lax = "Lax", none = "None"
    }

    /// The cookie's name, as the server set it (case matters).
    public var name: String
    /// Its value: a secret, masked wherever courier shows it.
    public var value: String
    /// The host (host-only cookies) or the domain (domain cookies) it is sent to: lowercased, no
    /// leading dot.
    public var domain: String
    /// Whether it is sent to `domain` alone (it came without a `Domain` attribute), not to its subdomains.
    public var hostOnly: Bool
    /// The path it is sent under (`/` and everything below it, say).
    public var path: String
    /// When it expires; nil for a session cookie, which the jar keeps until it is cleared.
    public var expires: Date?
    /// Sent over HTTPS (and to loopback hosts) only.
    public var secure: Bool
    /// Not for scripts; kept so an export says so.
    public var httpOnly: Bool
    /// Its `SameSite` attribute; nil when the server set none.
    public var sameSite: SameSite?
    /// When it was first stored; older cookies come first in a `Cookie` header (RFC 6265 §5.4).
    public var created: Date

    /// A cookie; by default a host-only session cookie for every path.
    public init(name: String, value: String, domain: String, hostOnly: Bool = true, path: String = "/", expires: Date? = nil,
                secure: Bool = false, httpOnly: Bool = false, sameSite: SameSite? = nil, created: Date = Date()) {
        self.name = name
        self.value = value
        self.domain = domain.lowercased()
        self.hostOnly = hostOnly
        self.path = path
        self.expires = expires
        self.secure = secure
        self.httpOnly = httpOnly
        self.sameSite = sameSite
        self.created = created
    }

    /// Whether it has expired by `now`.
    public func isExpired(at now: Date = Date()) -> Bool {
        expires.map { $0 <= now } ?? false
    }

    /// Whether a request to `url` sends it (RFC 6265 §5.4): the host matches (exactly for
    /// host-only cookies), the path is at or below the cookie's, and a Secure cookie goes only
    /// over HTTPS or to a loopback host.
    public func matches(_ url: URL, at now: Date = Date()) -> Bool {
        guard !isExpired(at: now), let host = CookieHost(url) else { return false }
        let hostMatches = hostOnly ? host.name == domain : host.domainMatches(domain)
        return hostMatches && Self.pathMatches(CookieHost.requestPath(of: url), cookiePath: path) && (!secure || host.isTrustworthy(url))
    }

    /// Whether two cookies are the same slot in a jar: a new one replaces an old one (§5.3 step 11).
    public func replaces(_ other: Cookie) -> Bool {
        name == other.name && domain == other.domain && hostOnly == other.hostOnly && path == other.path
    }

    /// RFC 6265 §5.1.4: `requestPath` is `cookiePath`, or below it at a `/` boundary.
    static func pathMatches(_ requestPath: String, cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).first == "/"
    }
}

/// The host of a URL as cookie rules see it: lowercased, brackets of an IPv6 literal removed.
struct CookieHost {
    let name: String

    init?(_ url: URL) {
        guard var host = url.host?.lowercased(), !host.isEmpty else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        name = host
    }

    /// An IPv4 or IPv6 literal, which only matches itself.
    var isAddress: Bool {
        name.contains(":") || (name.split(separator: ".").count == 4 && name.allSatisfy { $0.isNumber || $0 == "." })
    }

    /// RFC 6265 §5.1.3: the host is `domain`, or a name ending in `.domain` (never for an address).
    func domainMatches(_ domain: String) -> Bool {
        name == domain || (!isAddress && name.hasSuffix("." + domain))
    }

    /// Where Secure cookies may come from and go to: HTTPS, or a loopback host, which browsers
    /// also count as a secure context (so the demo server on 127.0.0.1 shows the attribute at work).
    func isTrustworthy(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "https" || name == "localhost" || name.hasSuffix(".localhost") || name == "::1" || name.hasPrefix("127.")
    }

    /// The path of `url` for matching, as sent (`URL.path` would drop a trailing `/` and decode
    /// escapes): `/` when it has none.
    static func requestPath(of url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        return path.isEmpty ? "/" : path
    }

    /// RFC 6265 §5.1.4's default-path: the request path up to, not including, its last `/`.
    static func defaultPath(of url: URL) -> String {
        let path = requestPath(of: url)
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
