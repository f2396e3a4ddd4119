import Foundation

/// An access token and what came with it from the token endpoint.
public struct OAuth2Token: Codable, Sendable, Equatable {
    /// The token requests are authorized with.
    public var accessToken: String
    /// The kind the server named, `Bearer` as a rule.
    public var tokenType: String
    /// The token that buys the next access token, when the server issued one.
    public var refreshToken: String?
    /// When the access token expires; nil when the server did not say.
    public var expiresAt: Date?
    /// The scopes granted, when the server named them.
    public var scope: String?

    /// - Parameters:
    ///   - accessToken: The token requests are authorized with.
    ///   - tokenType: The kind the server named.
    ///   - refreshToken: The token that buys the next access token.
    ///   - expiresAt: When the access token expires.
    ///   - scope: The scopes granted.
    public init(accessToken: String, tokenType: String = "Bearer", refreshToken: String? = nil, expiresAt: Date? = nil, scope: String? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
    }

    /// Whether the token can still be sent: it does not expire within `margin` seconds of `now`.
    /// A token without an expiry stays usable until the server refuses it.
    public func isUsable(margin: TimeInterval, now: Date = Date()) -> Bool {
        guard let expiresAt else { return true }
        return expiresAt.timeIntervalSince(now) > margin
    }

    /// Seconds until the token expires (negative once it has), nil when unknown.
    public func secondsLeft(now: Date = Date()) -> TimeInterval? {
        expiresAt.map { $0.timeIntervalSince(now) }
    }

    /// The secrets the token holds, to be masked wherever they might be shown.
    public var secrets: [String] { [accessToken, refreshToken].compactMap { $0 }.filter { !$0.isEmpty } }
}
