import Foundation

/// Reads `Set-Cookie` headers the way RFC 6265 §5.2–5.3 says a user agent does, into the cookie
/// to store (an expired one deletes) or the reason it is refused.
public enum SetCookie {
    /// What one `Set-Cookie` header amounts to.
    public enum Outcome: Sendable, Hashable {
        /// Store it; one already expired removes the cookie it replaces.
        case store(Cookie)
        case reject(CookieRejection)
    }

    /// What the `Set-Cookie` header `header`, received from `url` at `now`, amounts to.
    public static func parse(_ header: String, from url: URL, at now: Date = Date()) -> Outcome {
        let hostName = CookieHost(url)?.name ?? url.host ?? "(no host)"
        let pair = header.prefix { $0 != ";" }
        guard let equals = pair.firstIndex(of: "=") else {
            // Without a name the text is most likely a value (a session id): it is never echoed.
            return .reject(CookieRejection(name: "", host: hostName, reason: .malformed))
        }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, let host = CookieHost(url) else {
            return .reject(CookieRejection(name: "", host: hostName, reason: .malformed))
        }
        var cookie = Cookie(name: name, value: pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces),
                            domain: host.name, path: CookieHost.defaultPath(of: url), created: now)
        var domain: String?
        var maxAge: Date?
        for attribute in header.dropFirst(pair.count).split(separator: ";") {
            let parts = attribute.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            switch key {
            case "expires": if let date = CookieDate.parse(value) { cookie.expires = date }
            case "max-age": if let seconds = maxAgeSeconds(value) { maxAge = seconds <= 0 ? .distantPast : now.addingTimeInterval(TimeInterval(seconds)) }
            case "domain" where !value.isEmpty: domain = (value.hasPrefix(".") ? String(value.dropFirst()) : value).lowercased()
            case "path": cookie.path = value.hasPrefix("/") ? value : CookieHost.defaultPath(of: url)
            case "secure": cookie.secure = true
            case "httponly": cookie.httpOnly = true
            case "samesite": cookie.sameSite = Cookie.SameSite.allCases.first { $0.rawValue.lowercased() == value.lowercased() }
            default: break
            }
        }
        // Max-Age wins over Expires whatever their order (§5.3 step 3); neither reaches past
        // 400 days (RFC 6265bis §5.5), which also keeps absurd values out of the saved jar.
        if let maxAge { cookie.expires = maxAge }
        cookie.expires = cookie.expires.map { min($0, now.addingTimeInterval(Self.longestLife)) }
        func rejected(_ reason: CookieRejection.Reason) -> Outcome { .reject(CookieRejection(name: name, host: host.name, reason: reason)) }
        if let domain {
            if PublicSuffixes.contains(domain) && domain != host.name { return rejected(.publicSuffix(domain)) }
            guard host.domainMatches(domain) else { return rejected(.foreignDomain(domain)) }
            // A Domain equal to the host (an address, a public suffix that is the host) stays host-only.
            cookie.hostOnly = domain == host.name && (host.isAddress || PublicSuffixes.contains(domain))
            cookie.domain = domain
        }
        if cookie.secure && !host.isTrustworthy(url) { return rejected(.secureOverInsecureOrigin) }
        if let rule = prefixProblem(cookie) { return rejected(.prefix(rule)) }
        return .store(cookie)
    }

    /// The longest a cookie lives: 400 days.
    static let longestLife: TimeInterval = 400 * 24 * 60 * 60

    /// The `Set-Cookie` values of a header that URLSession and the transports joined with
    /// commas: a comma starts a new cookie only where `name=` follows, so the one inside
    /// `Expires=Wed, 21 Oct 2015 …` does not.
    public static func split(_ joined: String) -> [String] {
        var cookies: [String] = []
        for segment in joined.split(separator: ",", omittingEmptySubsequences: false) {
            let head = segment.drop { $0 == " " }
            let name = head.prefix { $0 != "=" && $0 != ";" && $0 != " " }
            if !name.isEmpty, head.dropFirst(name.count).first == "=" || cookies.isEmpty {
                cookies.append(String(head))
            } else if !cookies.isEmpty {
                cookies[cookies.count - 1] += "," + segment
            }
        }
        return cookies
    }

    /// The seconds of a `Max-Age` value: digits, optionally after a `-`; nil for anything else,
    /// which §5.2.2 ignores.
    private static func maxAgeSeconds(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        // Past Int's range is still "a very long time" (or long ago); the 400-day cap applies after.
        return Int(text) ?? (text.hasPrefix("-") ? -1 : Int(longestLife))
    }

    /// What a `__Secure-` or `__Host-` name requires and the cookie lacks (RFC 6265bis §4.1.3).
    private static func prefixProblem(_ cookie: Cookie) -> String? {
        if cookie.name.hasPrefix("__Secure-") && !cookie.secure { return "a __Secure- cookie must be Secure" }
        if cookie.name.hasPrefix("__Host-") && !(cookie.secure && cookie.hostOnly && cookie.path == "/") {
            return "a __Host- cookie must be Secure, have no Domain and have Path=/"
        }
        return nil
    }
}
