import Foundation

/// Why a `Set-Cookie` header was not stored, for the Debug record: a sentence naming the cookie,
/// where it came from and which rule refused it.
public struct CookieRejection: Sendable, Hashable, CustomStringConvertible {
    /// The rule a cookie broke.
    public enum Reason: Sendable, Hashable {
        /// Its `Domain` is not the host or a domain the host belongs to (RFC 6265 §5.3 step 6).
        case foreignDomain(String)
        /// Its `Domain` is a public suffix (`com`, `co.uk`), which would reach every site under it.
        case publicSuffix(String)
        /// It is `Secure` but came over plain HTTP from a host that is not loopback.
        case secureOverInsecureOrigin
        /// Its name's `__Secure-` or `__Host-` prefix asks for attributes it does not have.
        case prefix(String)
        /// The header has no `name=value` pair, or an empty name.
        case malformed
    }

    /// The cookie's name, or the start of the header when it has none.
    public let name: String
    /// The host that sent it.
    public let host: String
    /// The rule it broke.
    public let reason: Reason

    /// A rejection of cookie `name`, sent by `host`, for `reason`.
    public init(name: String, host: String, reason: Reason) {
        self.name = name
        self.host = host
        self.reason = reason
    }

    /// The sentence the Debug tab and `courier run` show.
    public var description: String {
        let cookie = "the cookie \"\(name)\" set by \(host) was rejected"
        switch reason {
        case .malformed where name.isEmpty: return "a Set-Cookie header from \(host) was rejected: it needs a name=value pair with a name"
        case .foreignDomain(let domain): return "\(cookie): its Domain=\(domain) is another domain, not \(host) or one it belongs to"
        case .publicSuffix(let domain): return "\(cookie): its Domain=\(domain) is a public suffix, which would send it to every site under it"
        case .secureOverInsecureOrigin: return "\(cookie): it is Secure but came over plain HTTP"
        case .prefix(let rule): return "\(cookie): \(rule)"
        case .malformed: return "\(cookie): a Set-Cookie header needs a name=value pair with a name"
        }
    }
}
