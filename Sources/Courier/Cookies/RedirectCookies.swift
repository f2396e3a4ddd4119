import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cookies across the redirects a transport follows, kept as a browser keeps them: a `Set-Cookie`
/// on a redirect (the 302 that ends a login form) goes into the endpoint's jar, and each hop sends
/// the jar's cookies for its own URL. Transports follow redirects themselves, so the pipeline,
/// which applies the jar, would otherwise only see the final response.
package enum RedirectCookies {
    /// The jar of the exchange being sent; the pipeline sets it around the transport's call, and a
    /// task the transport starts inherits it.
    @TaskLocal package static var jar: CookieJar?

    /// `next`, the request a redirect from `previous` leads to, after storing the cookies the
    /// redirect sets (`setCookieHeaders`, one per cookie). A `Cookie` header the jar wrote is
    /// replaced by the jar's header for the target; one the caller wrote stays as `RedirectRules`
    /// left it (dropped on another origin unless redirects are trusted).
    package static func following(_ next: URLRequest, from previous: URLRequest, setting setCookieHeaders: [String],
                                  in jar: CookieJar?) -> URLRequest {
        guard let jar, let source = previous.url, let target = next.url else { return next }
        let sent = previous.value(forHTTPHeaderField: "Cookie")
        let jarWrote = sent == nil || sent == jar.header(for: source)
        if !setCookieHeaders.isEmpty { _ = jar.store(setCookieHeaders: setCookieHeaders, from: source) }
        guard jarWrote else { return next }
        var next = next
        next.setValue(jar.header(for: target), forHTTPHeaderField: "Cookie")
        return next
    }
}
