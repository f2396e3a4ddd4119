import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How every transport follows a redirect, so they agree with each other and with the cURL export:
/// the target is judged on the raw `Location` header, only http and https targets are followed,
/// and credentials do not travel to another origin unless the request trusts its redirects
/// (curl's `--location-trusted`).
package enum RedirectRules {
    /// Headers that carry credentials and stay behind when a redirect changes scheme, host or port.
    package static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// The URL a redirect from `current` points at.
    /// - Parameters:
    ///   - location: The `Location` header exactly as the server sent it.
    ///   - current: The URL that answered with the redirect.
    /// - Throws: `TransportError.Kind.redirectRefused` naming the target when it is not an http or
    ///   https URL (FoundationNetworking would rebuild `file:///etc/passwd` as a path on the same host).
    package static func target(of location: String, from current: URL?) throws(TransportError) -> URL {
        let trimmed = location.trimmingCharacters(in: .whitespaces)
        guard let target = URL(string: trimmed, relativeTo: current)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme), target.host != nil else {
            throw TransportError(kind: .redirectRefused, url: current, detail: trimmed.isEmpty ? "an empty Location" : trimmed)
        }
        return target
    }

    /// Whether going from `old` to `new` changes scheme, host or port (a default port counts as
    /// written out), curl's rule for dropping credentials.
    package static func changesOrigin(from old: URL?, to new: URL) -> Bool {
        guard let old else { return true }
        return old.scheme?.lowercased() != new.scheme?.lowercased()
            || old.host?.lowercased() != new.host?.lowercased()
            || port(of: old) != port(of: new)
    }

    private static func port(of url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }

    /// `request` sent on to `target`: credentials removed when the origin changes from `current`
    /// (the URL that answered with the redirect) and the request does not trust its redirects.
    package static func redirected(_ request: URLRequest, from current: URL?, to target: URL, trusted: Bool) -> URLRequest {
        var next = request
        if !trusted && changesOrigin(from: current, to: target) {
            for name in credentialHeaders { next.setValue(nil, forHTTPHeaderField: name) }
        }
        next.url = target
        return next
    }
}
