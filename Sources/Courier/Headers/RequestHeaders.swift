/// Request headers that keep the order they were written in, so the wire, logs and cURL exports
/// are deterministic. Written like a dictionary:
///
/// ```swift
/// let headers: RequestHeaders = [RequestHeaderKey("key"): "value", .contentType: "application/json"]
/// ```
public struct RequestHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    /// The fields in order; names are unique (case-insensitively).
    public private(set) var fields: [(key: RequestHeaderKey, value: String)] = []

    public init() {}

    public init(dictionaryLiteral elements: (RequestHeaderKey, String)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// Headers from an unordered dictionary; sorted by name so the order is still deterministic.
    public init(_ dictionary: [RequestHeaderKey: String]) {
        for (key, value) in dictionary.sorted(by: { $0.key.rawValue.lowercased() < $1.key.rawValue.lowercased() }) {
            self[key] = value
        }
    }

    /// Headers from ordered name/value pairs; a later duplicate replaces the earlier value.
    public init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { self[RequestHeaderKey(name)] = value }
    }

    /// The value of a header; setting nil removes it, setting an existing one replaces it in place.
    public subscript(key: RequestHeaderKey) -> String? {
        get { fields.first { $0.key == key }?.value }
        set {
            let index = fields.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): fields[index].value = value
            case (let index?, nil): fields.remove(at: index)
            case (nil, let value?): fields.append((key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The `Authorization` header as a typed token.
    public var authToken: AuthToken? {
        get { self[.authorization].map { AuthToken(headerValue: $0) } }
        set { self[.authorization] = newValue?.headerValue }
    }

    /// The `Content-Type` header as a typed MIME type.
    public var contentType: MimeType? {
        get { self[.contentType].flatMap { MimeType($0) } }
        set { self[.contentType] = newValue?.description }
    }

    /// The `Accept` header as a typed MIME type.
    public var accept: MimeType? {
        get { self[.accept].flatMap { MimeType($0) } }
        set { self[.accept] = newValue?.description }
    }

    /// These headers with `other` applied on top: overridden values stay in place, new ones follow.
    public func merging(_ other: RequestHeaders) -> RequestHeaders {
        var merged = self
        for (key, value) in other.fields { merged[key] = value }
        return merged
    }

    /// Why `value` cannot be sent as a header value, or nil when it can: a CR or LF would end
    /// the header and start another (header injection), and a NUL ends it early in C parsers.
    /// - Returns: A phrase such as "contains a line break (CR/LF), which …".
    public static func problem(withValue value: String) -> String? {
        if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) {
            return "contains a line break (CR/LF), which would end the header and start another"
        }
        if value.utf8.contains(0) { return "contains a NUL byte, which ends the header early in C parsers" }
        return nil
    }

    public var isEmpty: Bool { fields.isEmpty }
    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[(key: RequestHeaderKey, value: String)]> { fields.makeIterator() }

    public static func == (lhs: RequestHeaders, rhs: RequestHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.key.rawValue == $1.key.rawValue && $0.value == $1.value }
    }
}
