import Courier
import Foundation

/// Obtains, caches and refreshes the access token of one OAuth 2.0 configuration. A cached
/// token is used until `refreshMargin` seconds before it expires; then, or when the server
/// refuses it, a new one is bought with the refresh token when one is held, else with the
/// grant. Callers arriving while a token is being bought wait for that one (`SharedRefresh`).
/// Hand it to `BearerTokenInterceptor` to authorize an endpoint's requests.
///
/// ```swift
/// let provider = OAuth2TokenProvider(configuration: configuration, endpoint: tokenEndpoint)
/// api.modifiers.add(interceptor: BearerTokenInterceptor(tokens: provider))
/// ```
public actor OAuth2TokenProvider: AccessTokenProviding {
    /// What the token is bought with.
    public nonisolated let configuration: OAuth2Configuration
    private let server: OAuth2Server
    private let store: any OAuth2TokenStore
    private let refreshMargin: TimeInterval
    private let interaction: OAuth2Interaction
    private let purchases = SharedRefresh<OAuth2Token>()

    /// - Parameters:
    ///   - configuration: What the token is bought with.
    ///   - endpoint: Sends the token requests (its transport is used); it must not be an endpoint
    ///     this provider authorizes.
    ///   - store: Where tokens are kept; memory by default.
    ///   - refreshMargin: How many seconds before expiry a token is replaced; 30 by default.
    ///   - interaction: Where the device code and the sign-in URL are shown.
    public init(configuration: OAuth2Configuration, endpoint: Endpoint, store: any OAuth2TokenStore = MemoryOAuth2TokenStore(),
                refreshMargin: TimeInterval = 30, interaction: OAuth2Interaction = OAuth2Interaction()) {
        self.configuration = configuration
        self.server = OAuth2Server(configuration: configuration, endpoint: endpoint)
        self.store = store
        self.refreshMargin = refreshMargin
        self.interaction = interaction
    }

    /// The cached token, usable or not, without asking the server.
    public func cachedToken() async -> OAuth2Token? { await store.token(for: configuration.cacheKey) }

    /// A token to send now: the cached one unless it expires within the margin, else a new one.
    /// - Throws: `OAuth2Error` when none could be had.
    public func token() async throws -> OAuth2Token {
        if let cached = await cachedToken(), cached.isUsable(margin: refreshMargin) { return cached }
        return try await purchases.run { try await self.purchase(replacing: nil) }
    }

    /// Buys a new token whatever is cached (the explorer's "fetch token").
    /// - Throws: `OAuth2Error` when none could be had.
    public func fetchNewToken() async throws -> OAuth2Token {
        try await purchases.run { try await self.purchase(replacing: nil, force: true) }
    }

    /// Forgets the cached token.
    /// - Throws: Why the store could not forget it.
    public func forgetToken() async throws { try await store.removeToken(for: configuration.cacheKey) }

    public func accessToken() async throws -> String { try await token().accessToken }

    public func replaceAccessToken(_ refused: String) async throws -> String {
        try await purchases.run { try await self.purchase(replacing: refused) }.accessToken
    }

    /// Buys a token unless the cache already holds a usable one other than `refused` (another
    /// caller replaced it meanwhile): with the cached refresh token first, the grant when that
    /// fails or there is none. Keeps the refresh token when the answer brings no new one.
    private func purchase(replacing refused: String?, force: Bool = false) async throws -> OAuth2Token {
        let cached = await cachedToken()
        if !force, let cached, cached.isUsable(margin: refreshMargin), cached.accessToken != refused { return cached }
        var token: OAuth2Token?
        // A refused refresh token (expired, revoked) is no failure yet: the grant may still work.
        if let refreshToken = cached?.refreshToken { token = try? await refreshed(with: refreshToken) }
        let bought: OAuth2Token
        if let token { bought = token } else { bought = try await grant() }
        try await store.save(bought, for: configuration.cacheKey)
        return bought
    }

    /// The configured grant, run to its token.
    private func grant() async throws -> OAuth2Token {
        switch configuration.grant {
        case .clientCredentials:
            return try await server.token([("grant_type", "client_credentials")])
        case .password(let username, let password):
            return try await server.token([("grant_type", "password"), ("username", username), ("password", password)])
        case .refreshToken(let refreshToken):
            return try await refreshed(with: refreshToken)
        case .deviceCode:
            return try await DeviceAuthorization(server: server, interaction: interaction).run()
        case .authorizationCode(let port):
            return try await AuthorizationCodeFlow(server: server, interaction: interaction, redirectPort: port).run()
        }
    }

    /// A token bought with `refreshToken`, which it keeps when the server sends no new one.
    private func refreshed(with refreshToken: String) async throws -> OAuth2Token {
        var token = try await server.token([("grant_type", "refresh_token"), ("refresh_token", refreshToken)])
        if token.refreshToken == nil { token.refreshToken = refreshToken }
        return token
    }
}
