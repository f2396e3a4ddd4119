import Foundation

/// A proxy that requests go through: `http://[user:password@]host[:port]` (absolute-URI requests
/// for `http` URLs, `CONNECT` tunnels for `https` ones) or `socks5://host[:port]`.
public struct ProxyServer: Sendable, Hashable {
    /// How the proxy is spoken to.
    public enum Kind: String, Sendable, Hashable {
        /// An HTTP proxy, reached in plain text.
        case http
        /// A SOCKS5 proxy, without authentication.
        case socks5
    }

    /// Port curl assumes when a proxy URL names none.
    public static let defaultPort = 1080

    public let kind: Kind
    public let host: String
    public let port: Int
    /// The `Proxy-Authorization: Basic` user of an HTTP proxy; nil sends none.
    public let username: String?
    /// Its password, a secret.
    public let password: String?

    /// - Parameters:
    ///   - kind: HTTP or SOCKS5.
    ///   - host: The proxy's host name or address.
    ///   - port: Its port.
    ///   - username: The Basic user of an HTTP proxy, if it asks for one.
    ///   - password: Its password.
    public init(kind: Kind, host: String, port: Int, username: String? = nil, password: String? = nil) {
        self.kind = kind
        self.host = host
        self.port = port
        self.username = username
        self.password = password
    }

    /// Reads a proxy URL as curl's `-x` does: no scheme means `http://`, no port means 1080.
    /// - Parameter text: `http://user:password@proxy:3128`, `proxy:3128`, `socks5://127.0.0.1:1080`.
    /// - Throws: `ProxyError` for what no transport here can use: an `https://` proxy, SOCKS
    ///   credentials, another scheme, or text that is not a URL.
    public init(parsing text: String) throws(ProxyError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let written = trimmed.contains("://") ? trimmed : "http://\(trimmed)"
        guard let components = URLComponents(string: written), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty else {
            throw ProxyError(description: "'\(Self.masked(text))' is not a proxy URL (http://host:port or socks5://host:port)")
        }
        switch scheme {
        case "http": kind = .http
        // socks5h asks the proxy to resolve the name, which is what the AsyncHTTPClient transport does for both.
        case "socks5", "socks5h": kind = .socks5
        case "https":
            throw ProxyError(description: "an https:// proxy (TLS to the proxy itself) is not supported (AsyncHTTPClient 1.37 cannot speak TLS to a proxy); use an http:// proxy, which still tunnels https requests with CONNECT")
        default:
            throw ProxyError(description: "the proxy scheme '\(scheme)' is not supported; use http:// or socks5://")
        }
        if kind == .socks5, components.user != nil || components.password != nil {
            throw ProxyError(description: "SOCKS proxy credentials are not supported (AsyncHTTPClient 1.37 speaks SOCKS5 without authentication); remove the user and password from the socks5:// URL")
        }
        self.host = host
        port = components.port ?? Self.defaultPort
        username = components.percentEncodedUser.map { $0.removingPercentEncoding ?? $0 }
        password = components.percentEncodedPassword.map { $0.removingPercentEncoding ?? $0 }
    }

    /// The proxy as a URL, its password masked with `mask` (or shown, when nil). The user and
    /// password are percent-encoded, so one holding `@`, `:` or `/` still reads back the same.
    public func url(maskingPasswordWith mask: String? = "••••••") -> String {
        var credentials = ""
        if let username {
            let password = self.password.map { ":" + (mask ?? Self.encodedUserInfo($0)) } ?? ""
            credentials = "\(Self.encodedUserInfo(username))\(password)@"
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(kind.rawValue)://\(credentials)\(shownHost):\(port)"
    }

    /// `text` as the user or password of a URL: unreserved characters and sub-delimiters kept,
    /// everything else (`%`, `:`, `@`, `/`, spaces, …) percent-encoded.
    public static func encodedUserInfo(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~!$&'()*+,;=")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `Proxy-Authorization`'s value for the Basic credentials, as sent; nil without a user.
    public var basicAuthorization: String? {
        username.map { "Basic " + Data("\($0):\(password ?? "")".utf8).base64EncodedString() }
    }

    /// The text with the password of a `user:password@` masked, for a sentence about a bad URL.
    private static func masked(_ text: String) -> String {
        let start = text.range(of: "://")?.upperBound ?? text.startIndex
        guard let at = text.lastIndex(of: "@"), at > start, let colon = text[start..<at].firstIndex(of: ":") else { return text }
        return text[...colon] + "••••••" + text[at...]
    }
}

/// Why a proxy setting cannot be used, as a sentence.
public struct ProxyError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}
