/// The name of an HTTP header. Names compare case-insensitively, as HTTP defines them.
public struct RequestHeaderKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as it is written on the wire.
    public let rawValue: String

    /// A header name, for example `RequestHeaderKey("X-Request-Id")`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { self.init(value) }

    public static func == (lhs: RequestHeaderKey, rhs: RequestHeaderKey) -> Bool {
        lhs.rawValue.caseInsensitiveCompare(rhs.rawValue) == .orderedSame
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue.lowercased()) }

    public var description: String { rawValue }

    public static let contentType: RequestHeaderKey = "Content-Type"
    public static let accept: RequestHeaderKey = "Accept"
    public static let authorization: RequestHeaderKey = "Authorization"
    public static let acceptLanguage: RequestHeaderKey = "Accept-Language"
    public static let acceptEncoding: RequestHeaderKey = "Accept-Encoding"
    public static let userAgent: RequestHeaderKey = "User-Agent"
    public static let cacheControl: RequestHeaderKey = "Cache-Control"
    public static let cookie: RequestHeaderKey = "Cookie"
    public static let contentLength: RequestHeaderKey = "Content-Length"
    public static let ifNoneMatch: RequestHeaderKey = "If-None-Match"
    public static let referer: RequestHeaderKey = "Referer"
}
