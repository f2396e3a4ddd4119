/// An HTTP request method. A struct rather than an enum so any verb can be expressed:
/// `.get`, `.post`, … or `.custom("PURGE")`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method as sent on the wire.
    public let rawValue: String

    /// Creates a method from its name. A standard method (RFC 9110 and PATCH) is upper-cased, so
    /// `"get"` is `.get`; any other is kept as written, since methods are case-sensitive.
    public init(rawValue: String) {
        let upper = rawValue.uppercased()
        self.rawValue = Self.standardNames.contains(upper) ? upper : rawValue
    }

    /// The methods RFC 9110 defines, and PATCH.
    private static let standardNames: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// Any other method, such as `PURGE` or `PROPFIND`.
    public static func custom(_ name: String) -> HTTPMethod { HTTPMethod(rawValue: name) }

    public static let get: HTTPMethod = "GET"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let patch: HTTPMethod = "PATCH"
    public static let delete: HTTPMethod = "DELETE"
    public static let head: HTTPMethod = "HEAD"
    public static let options: HTTPMethod = "OPTIONS"

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2),
    /// which is what makes a request safe to retry automatically.
    public var isIdempotent: Bool { [.get, .head, .options, .put, .delete, "TRACE"].contains(self) }

    public var description: String { rawValue }
}
