import Foundation

/// Masks secrets in what people see: values known to be secret wherever they appear, and the
/// whole value of a credential-bearing header or query parameter, whatever its source.
///
/// DESIGN.md ("What is secret") defines the rule and this type is its one home. Whoever resolves a
/// request adds the values that came from secret sources (`*.secret.yaml`, `{{$env.NAME}}`, auth
/// credentials and the encodings that put them on the wire, such as Basic's base64); the names of
/// credential-bearing headers and query parameters are judged here.
///
/// ```swift
/// var redactor = SecretRedactor(secrets: [token])
/// redactor.header("Authorization", value: "Bearer \(token)")   // "Bearer ••••••"
/// redactor.url("https://api.example.com/a?access_token=x")     // "…/a?access_token=••••••"
/// ```
public struct SecretRedactor: Sendable, Equatable {
    /// What a secret is shown as.
    public static let mask = "••••••"

    /// The secret values, as given.
    public private(set) var secrets: Set<String> = []
    /// The secrets and the forms they take in URLs, forms and JSON, longest first, so a secret
    /// that contains another is masked whole.
    private var patterns: [String] = []

    /// A redactor that knows no secret values yet; it still masks credential-bearing names.
    public init() {}

    /// A redactor for `secrets`; empty values are ignored.
    public init(secrets: some Sequence<String>) {
        for secret in secrets { insert(secret) }
    }

    /// The shortest value masked wherever it appears. A shorter one (`pin: "1"`) would mask every
    /// `1` in a URL, a date or an id, wrecking the text and giving the value away by what is
    /// missing; it stays masked where its name or place says it is secret (variables, credential
    /// headers and query parameters, auth fields).
    public static let minimumLength = 6

    /// Adds a secret value; one shorter than `minimumLength` is ignored.
    public mutating func insert(_ secret: String) {
        guard secret.count >= Self.minimumLength, secrets.insert(secret).inserted else { return }
        let forms = SecretForms.forms(of: secret).filter { !patterns.contains($0) }
        patterns = (patterns + forms).sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// Adds every secret `other` knows.
    public mutating func formUnion(_ other: SecretRedactor) {
        for secret in other.secrets { insert(secret) }
    }

    /// Every text form of the known secrets, longest first: what `redact` replaces, for masking
    /// bytes that are never held as one string (a large body copied to a file in pieces).
    public var maskedForms: [String] { patterns }

    // MARK: - The rule

    /// Whether `name` (a header or query parameter) carries a credential, so its whole value is
    /// secret: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, and names containing
    /// token, secret, password, api-key, apikey, auth or signature (an AWS `X-Amz-Signature` grants
    /// access until it expires), without regard to case (`api_key` counts).
    public static func isCredential(name: String) -> Bool {
        let name = name.lowercased().replacingOccurrences(of: "_", with: "-")
        if credentialNames.contains(name) { return true }
        return credentialWords.contains { name.contains($0) }
    }

    private static let credentialNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
    private static let credentialWords = ["token", "secret", "password", "api-key", "apikey", "auth", "signature"]

    // MARK: - Masking

    /// `text` with every known secret value masked.
    public func redact(_ text: String) -> String {
        var text = text
        for pattern in patterns where text.contains(pattern) {
            text = text.replacingOccurrences(of: pattern, with: Self.mask)
        }
        return text
    }

    /// The value of header `name` as it may be shown: masked whole for a credential-bearing name
    /// (an `Authorization` scheme such as `Bearer` stays readable), known secrets masked otherwise.
    public func header(_ name: String, value: String) -> String {
        guard Self.isCredential(name: name) else { return redact(value) }
        if ["authorization", "proxy-authorization"].contains(name.lowercased()), let space = value.firstIndex(of: " "),
           Self.authorizationSchemes.contains(value[..<space].lowercased()) {
            return "\(value[..<space]) \(Self.mask)"
        }
        return Self.mask
    }

    /// Schemes kept readable in front of a masked `Authorization` value; they say nothing secret.
    private static let authorizationSchemes: Set<String> = [
        "basic", "bearer", "digest", "token", "negotiate", "ntlm", "hoba", "mutual", "vapid", "aws4-hmac-sha256", "oauth",
    ]

    /// `url` (text) with credential-bearing query values, the password and known secrets masked.
    public func url(_ url: String) -> String {
        var rest = Substring(url)
        var fragment = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = redact(String(rest[hash...]))
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let head = redact(Self.maskingPassword(in: String(rest)))
        guard let query else { return head + fragment }
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            let name = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let decoded = name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? name
            return Self.isCredential(name: decoded) && item.contains("=") ? "\(name)=\(Self.mask)" : redact(String(item))
        }
        return head + "?" + items.joined(separator: "&") + fragment
    }

    /// `scheme://user:password@host/…` with the password masked.
    private static func maskingPassword(in text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let authorityEnd = text[schemeEnd.upperBound...].firstIndex(of: "/") ?? text.endIndex
        let authority = text[schemeEnd.upperBound..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<authority.index(after: colon)]) + mask + String(text[at...])
    }
}
