import Foundation

/// Where access tokens are kept between requests (and, for a file, between runs), each under
/// its configuration's `cacheKey`.
public protocol OAuth2TokenStore: Sendable {
    /// The token filed under `key`, if any.
    func token(for key: String) async -> OAuth2Token?
    /// Files `token` under `key`, replacing what was there.
    /// - Throws: Why it could not be kept (a file store says which path).
    func save(_ token: OAuth2Token, for key: String) async throws
    /// Forgets the token filed under `key`.
    /// - Throws: Why the change could not be kept.
    func removeToken(for key: String) async throws
}

/// Keeps tokens in memory for the life of the process.
public actor MemoryOAuth2TokenStore: OAuth2TokenStore {
    private var tokens: [String: OAuth2Token] = [:]

    public init() {}

    public func token(for key: String) -> OAuth2Token? { tokens[key] }
    public func save(_ token: OAuth2Token, for key: String) { tokens[key] = token }
    public func removeToken(for key: String) { tokens[key] = nil }
}
