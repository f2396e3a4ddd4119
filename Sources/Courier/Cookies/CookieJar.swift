import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cookies of one endpoint: stored from `Set-Cookie` headers and sent back to matching URLs.
/// Each endpoint has its own jar instead of the process-wide `HTTPCookieStorage.shared`, so two
/// endpoints (two users, two tests) never see each other's sessions. It works the same over any
/// transport, since the pipeline applies it, not the session.
public final class CookieJar: Sendable {
    private let stored = Mutex<[HTTPCookie]>([])

    public init() {}

    /// Every cookie held, expired ones left out.
    public var all: [HTTPCookie] {
        let now = Date()
        return stored.withLock { $0.filter { $0.expiresDate.map { $0 > now } ?? true } }
    }

    /// The cookies that a request to `url` sends.
    public func cookies(for url: URL) -> [HTTPCookie] {
        guard let host = url.host?.lowercased() else { return [] }
        let path = url.path.isEmpty ? "/" : url.path
        let secure = url.scheme?.lowercased() == "https"
        return all.filter { cookie in
            let domain = cookie.domain.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            let domainMatches = host == domain || host.hasSuffix("." + domain)
            return domainMatches && path.hasPrefix(cookie.path) && (!cookie.isSecure || secure)
        }
    }

    /// Adds or replaces a cookie (same name, domain and path).
    public func set(_ cookie: HTTPCookie) {
        stored.withLock { cookies in
            cookies.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
            if cookie.expiresDate.map({ $0 > Date() }) ?? true { cookies.append(cookie) }
        }
    }

    public func removeAll() { stored.withLock { $0.removeAll() } }

    /// Keeps the cookies a response sets.
    func store(from response: HTTPURLResponse) {
        guard let url = response.url else { return }
        var fields: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            if let name = key as? String, name.lowercased() == "set-cookie", let value = value as? String { fields["Set-Cookie"] = value }
        }
        guard !fields.isEmpty else { return }
        for cookie in HTTPCookie.cookies(withResponseHeaderFields: fields, for: url) { set(cookie) }
    }

    /// `request` with a `Cookie` header for its URL, unless it sets one itself.
    func attach(to request: URLRequest) -> URLRequest {
        guard let url = request.url, request.value(forHTTPHeaderField: "Cookie") == nil else { return request }
        let matching = cookies(for: url)
        guard !matching.isEmpty else { return request }
        var request = request
        for (name, value) in HTTPCookie.requestHeaderFields(with: matching) { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }
}
