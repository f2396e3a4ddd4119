import Foundation

/// OAuth tokens and when the access token expires.
public struct AuthorizationData: Codable, Sendable, Equatable {
    /// The token requests are authorized with.
    public let accessToken: String
    /// The token that buys a new access token.
    public let refreshToken: String
    /// When the access token expires; nil when unknown (the server's 401 then says so).
    public let expiresIn: Date?
    /// How long before `expiresIn` the token counts as expired, so a request does not leave with
    /// a token that dies on the way.
    public let expirationOffset: TimeInterval

    /// - Parameters:
    ///   - accessToken: The token requests are authorized with.
    ///   - refreshToken: The token that buys a new access token.
    ///   - expiresIn: When the access token expires, if known.
    ///   - expirationOffset: How long before that it counts as expired; a minute by default.
    public init(accessToken: String, refreshToken: String, expiresIn: Date?, expirationOffset: TimeInterval = 60) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.expirationOffset = expirationOffset
    }

    /// Whether the access token has expired or expires within `expirationOffset`.
    public var isExpired: Bool {
        guard let expiresIn else { return false }
        return expiresIn < Date().addingTimeInterval(expirationOffset)
    }
}

/// Why a request could not be authorized.
public enum AuthorizationError: Error, CustomStringConvertible {
    case unauthorized
    case missingAuthorizationData
    case expiredAccessToken
    case expiredRefreshToken

    public var description: String {
        switch self {
        case .unauthorized: return "The request is not authorized."
        case .missingAuthorizationData: return "The request needs authorization, but no authorization data is stored; log in first."
        case .expiredAccessToken: return "The access token has expired."
        case .expiredRefreshToken: return "The refresh token has expired; log in again."
        }
    }
}
