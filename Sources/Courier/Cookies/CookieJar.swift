import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cookies of one endpoint: stored from `Set-Cookie` headers and sent back to matching URLs,
/// by RFC 6265's rules (domain and path scope, host-only cookies, `Secure`, `Max-Age` over
/// `Expires`, deletion by expiry). Each endpoint has its own jar instead of the process-wide
/// `HTTPCookieStorage.shared`, so two endpoints (two users, two tests) never see each other's
/// sessions, unless they are given the same jar. It works the same over any transport, since the
/// pipeline applies it, not the session.
///
/// ```swift
/// let jar = CookieJar(cookies: saved) { cookies in save(cookies) }
/// let endpoint = Endpoint(baseUrl: url, transport: URLSessionTransport(), cookies: jar)
/// ```
public final class CookieJar: Sendable {
    private let stored: Mutex<[Cookie]>
    private let didChange: (@Sendable ([Cookie]) -> Void)?

    /// A jar holding `cookies` (expired ones dropped).
    /// - Parameters:
    ///   - cookies: What it starts with, such as the cookies a previous run saved.
    ///   - didChange: Called with every cookie held after each change, in the order the changes
    ///     happen, to persist them; it runs while the jar is locked, so it must not use the jar.
    public init(cookies: [Cookie] = [], didChange: (@Sendable ([Cookie]) -> Void)? = nil) {
        let now = Date()
        stored = Mutex(cookies.filter { !$0.isExpired(at: now) })
        self.didChange = didChange
    }

    /// Every cookie held, expired ones left out, oldest first.
    public var all: [Cookie] {
        let now = Date()
        return stored.withLock { $0.filter { !$0.isExpired(at: now) } }
    }

    /// The cookies that a request to `url` sends, in `Cookie` header order: longer paths first,
    /// then older cookies first (RFC 6265 §5.4).
    public func cookies(for url: URL) -> [Cookie] {
        let now = Date()
        return stored.withLock { cookies in
            cookies.filter { $0.matches(url, at: now) }.sorted { ($0.path.count, $1.created) > ($1.path.count, $0.created) }
        }
    }

    /// Adds a cookie or replaces the one with its name, domain and path; an expired one removes it.
    public func set(_ cookie: Cookie) {
        change { cookies in Self.put(cookie, into: &cookies) }
    }

    /// Adds or replaces a Foundation cookie.
    public func set(_ cookie: HTTPCookie) {
        let domain = cookie.domain.lowercased()
        set(Cookie(name: cookie.name, value: cookie.value, domain: domain.hasPrefix(".") ? String(domain.dropFirst()) : domain,
                   hostOnly: !domain.hasPrefix("."), path: cookie.path, expires: cookie.expiresDate, secure: cookie.isSecure,
                   httpOnly: cookie.isHTTPOnly))
    }

    /// Removes the cookies `shouldRemove` picks; returns how many went.
    @discardableResult
    public func remove(where shouldRemove: (Cookie) -> Bool) -> Int {
        var removed = 0
        change { cookies in
            let before = cookies.count
            cookies.removeAll(where: shouldRemove)
            removed = before - cookies.count
        }
        return removed
    }

    /// Removes every cookie.
    public func removeAll() { remove { _ in true } }

    /// Stores what the `Set-Cookie` headers received from `url` set, and says which were refused.
    /// - Parameters:
    ///   - headers: One `Set-Cookie` value each.
    ///   - url: Where they came from, which scopes them.
    /// - Returns: The refused ones, with the rule each broke.
    @discardableResult
    public func store(setCookieHeaders headers: [String], from url: URL) -> [CookieRejection] {
        let now = Date()
        var rejections: [CookieRejection] = []
        var accepted: [Cookie] = []
        for header in headers {
            switch SetCookie.parse(header, from: url, at: now) {
            case .store(let cookie): accepted.append(cookie)
            case .reject(let rejection): rejections.append(rejection)
            }
        }
        if !accepted.isEmpty { change { cookies in for cookie in accepted { Self.put(cookie, into: &cookies) } } }
        return rejections
    }

    /// The `Set-Cookie` values of `response`, one per cookie.
    public static func setCookieHeaders(of response: HTTPURLResponse) -> [String] {
        response.allHeaderFields.flatMap { key, value -> [String] in
            guard let name = key as? String, name.lowercased() == "set-cookie", let value = value as? String else { return [] }
            return SetCookie.split(value)
        }
    }

    /// Keeps the cookies a response sets.
    func store(from response: HTTPURLResponse) {
        // Most responses set none: one lookup instead of bridging every header field.
        guard response.value(forHTTPHeaderField: "Set-Cookie") != nil, let url = response.url else { return }
        let headers = Self.setCookieHeaders(of: response)
        if !headers.isEmpty { store(setCookieHeaders: headers, from: url) }
    }

    /// `request` with a `Cookie` header for its URL, unless it sets one itself.
    func attach(to request: URLRequest) -> URLRequest {
        guard let url = request.url, let header = header(for: url), request.value(forHTTPHeaderField: "Cookie") == nil else { return request }
        var request = request
        request.setValue(header, forHTTPHeaderField: "Cookie")
        return request
    }

    /// `prepared` with the `Cookie` header the pipeline will add, so a cURL command sends what Courier sends.
    func attach(to prepared: PreparedRequest) -> PreparedRequest {
        guard prepared.headers[.cookie] == nil, let header = header(for: prepared.url) else { return prepared }
        var prepared = prepared
        prepared.headers[.cookie] = header
        return prepared
    }

    /// The `Cookie` header value for `url`, nil when no cookie matches.
    func header(for url: URL) -> String? {
        // An empty jar (most API clients') costs one lock, not a clock read and a filter.
        guard !stored.withLock({ $0.isEmpty }) else { return nil }
        let matching = cookies(for: url)
        return matching.isEmpty ? nil : matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    // MARK: - Changing

    /// Runs `edit` on the held cookies, drops expired ones, and reports the result when it changed.
    private func change(_ edit: (inout [Cookie]) -> Void) {
        let now = Date()
        stored.withLock { cookies in
            let before = cookies
            edit(&cookies)
            cookies.removeAll { $0.isExpired(at: now) }
            if cookies != before { didChange?(cookies) }
        }
    }

    /// Puts `cookie` in the place of the one it replaces, keeping that one's creation time (§5.3 step 11).
    private static func put(_ cookie: Cookie, into cookies: inout [Cookie]) {
        var cookie = cookie
        if let index = cookies.firstIndex(where: cookie.replaces) {
            cookie.created = cookies[index].created
            cookies.remove(at: index)
        }
        cookies.append(cookie)
    }
}
