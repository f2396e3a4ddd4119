import Foundation

/// The value of an `Authorization` header.
public enum AuthToken: Sendable, Equatable, CustomStringConvertible {
    /// `Bearer <token>`.
    case bearer(String)
    /// `Basic base64(user:password)`.
    case basic(username: String, password: String)
    /// Any other scheme, sent as given (for example `Token abc` or `Digest …`).
    case custom(String)

    /// The header value.
    public var headerValue: String {
        switch self {
        case .bearer(let token): return "Bearer \(token)"
        case .basic(let username, let password): return "Basic \(Data("\(username):\(password)".utf8).base64EncodedString())"
        case .custom(let value): return value
        }
    }

    /// The secret parts of the token, as given and as the header carries them: a bearer token;
    /// Basic's password and the base64 of `user:password`; a custom value whole. For a redactor.
    public var secrets: [String] {
        switch self {
        case .bearer(let token): return [token]
        case .basic(_, let password): return [password, String(headerValue.dropFirst("Basic ".count))]
        case .custom(let value): return [value]
        }
    }

    /// Reads a header value back into a token; unknown schemes become `.custom`.
    public init(headerValue: String) {
        if headerValue.lowercased().hasPrefix("bearer ") {
            self = .bearer(String(headerValue.dropFirst(7)))
        } else if headerValue.lowercased().hasPrefix("basic "),
                  let decoded = Data(base64Encoded: String(headerValue.dropFirst(6))).flatMap({ String(data: $0, encoding: .utf8) }),
                  let colon = decoded.firstIndex(of: ":") {
            self = .basic(username: String(decoded[..<colon]), password: String(decoded[decoded.index(after: colon)...]))
        } else {
            self = .custom(headerValue)
        }
    }

    public var description: String { headerValue }
}
