import Courier
import CourierAuth
import Foundation

extension RequestResolver {
    /// The library's configuration for an `oauth2:` block, its templates filled in.
    /// - Throws: `ResolveError` at `location` for a URL that is not one; `TemplateError` for a template.
    static func oauth2Configuration(_ definition: OAuth2Definition, at location: SourceLocation,
                                    render: (String, SourceLocation?) throws(TemplateError) -> String) throws -> OAuth2Configuration {
        func text(_ value: String?) throws(TemplateError) -> String? { try value.map { text throws(TemplateError) in try render(text, location) } }
        func url(_ key: String, _ value: String?) throws -> URL? {
            guard let filled = try text(value) else { return nil }
            guard let url = URL(string: filled), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                throw ResolveError(description: "\(location.description): error: oauth2 \(key) \"\(filled)\" is not an http or https URL")
            }
            return url
        }
        let grant: OAuth2Grant = switch definition.grant {
        case .clientCredentials: .clientCredentials
        case .password: .password(username: try text(definition.username) ?? "", password: try text(definition.password) ?? "")
        case .refreshToken: .refreshToken(try text(definition.refreshToken) ?? "")
        case .deviceCode: .deviceCode
        case .authorizationCode: .authorizationCode(redirectPort: definition.redirectPort)
        }
        guard let tokenURL = try url("tokenUrl", definition.tokenUrl) else {
            throw ResolveError(description: "\(location.description): error: oauth2 needs tokenUrl")
        }
        return OAuth2Configuration(tokenURL: tokenURL, authorizationURL: try url("authorizationUrl", definition.authorizationUrl),
                                   deviceAuthorizationURL: try url("deviceAuthorizationUrl", definition.deviceAuthorizationUrl),
                                   clientID: try text(definition.clientId) ?? "", clientSecret: try text(definition.clientSecret),
                                   scope: try text(definition.scope), grant: grant,
                                   clientAuthentication: definition.clientAuth.flatMap(OAuth2ClientAuthentication.init(rawValue:)) ?? .basic)
    }

    /// The token a request with `configuration` is exported and shown with: the cached one
    /// when it is still usable (sending fetches a new one as needed).
    func usableCachedToken(for configuration: OAuth2Configuration, of loaded: LoadedRequest) -> OAuth2Token? {
        guard let oauth else { return nil }
        let token = oauth.tokens.cachedToken(for: configuration, collectionRoot: loaded.collectionRoot, environment: oauth.environment)
        return token?.isUsable(margin: 0) == true ? token : nil
    }

    /// Authorizes `endpoint`'s requests with `configuration`'s tokens, bought through the transport
    /// `name` (the request's own) with the request's certificate and proxy settings (`request`),
    /// when the resolver has a session to keep them in.
    func authorize(_ endpoint: Endpoint, with configuration: OAuth2Configuration, of loaded: LoadedRequest, transport name: TransportName,
                   settings request: TransportSettings) throws {
        guard let oauth else { return }
        let transports = self.transports
        let provider = try oauth.tokens.provider(for: configuration, collectionRoot: loaded.collectionRoot, environment: oauth.environment,
                                                 transport: name) {
            try transports.make(name, TransportSettings(maximumBodySize: transports.maximumBodySize, tls: request.tls, proxies: request.proxies,
                                                        http1Only: request.http1Only))
        }
        endpoint.modifiers.add(interceptor: BearerTokenInterceptor(tokens: provider))
    }
}

extension RequestResolver {
    /// The OAuth 2.0 credentials of `loaded` (client secret, password, refresh token) and its
    /// cached tokens, so `--redact`, history and the panes mask them (DESIGN.md, "What is secret").
    func oauth2Secrets(of loaded: LoadedRequest) -> [String] {
        guard let configuration = try? oauth2Configuration(of: loaded) else { return [] }
        return configuration.secrets + (cachedOAuth2Token(of: loaded)?.secrets ?? [])
    }

    /// The cached OAuth 2.0 token of `loaded`, usable or not; nil without one, for another auth
    /// kind, or without a session.
    public func cachedOAuth2Token(of loaded: LoadedRequest) -> OAuth2Token? {
        guard let oauth, let configuration = try? oauth2Configuration(of: loaded) else { return nil }
        return oauth.tokens.cachedToken(for: configuration, collectionRoot: loaded.collectionRoot, environment: oauth.environment)
    }

    /// Buys a new OAuth 2.0 token for `loaded` now, whatever is cached (the explorer's fetch).
    /// - Throws: `ResolveError` when the request has no `oauth2` auth or no session; what the grant threw.
    public func fetchOAuth2Token(of loaded: LoadedRequest) async throws -> OAuth2Token {
        guard let oauth, let configuration = try oauth2Configuration(of: loaded) else {
            throw ResolveError(description: "\(loaded.displayPath): error: the request has no oauth2 auth")
        }
        // Bought the way the request itself would be sent: its transport, certificates, proxy and HTTP version.
        let name = transports.name(request: loaded.definition.transport, environment: try environmentTransport(),
                                   collections: loaded.settings.map(\.transport))
        let context = self.context
        let connection = try connectionResolver(for: loaded, transport: name).resolve { text, location throws(TemplateError) in
            try context.render(text, at: location)
        }
        let transports = self.transports
        let settings = TransportSettings(maximumBodySize: transports.maximumBodySize, tls: connection.tls, proxies: connection.proxies,
                                         http1Only: connection.http1Only)
        let provider = try oauth.tokens.provider(for: configuration, collectionRoot: loaded.collectionRoot, environment: oauth.environment,
                                                 transport: name) {
            try transports.make(name, settings)
        }
        return try await provider.fetchNewToken()
    }

    /// The OAuth 2.0 configuration of `loaded`'s effective auth (its own or a `collection.yaml`'s) with
    /// its templates filled in; nil for another auth kind.
    private func oauth2Configuration(of loaded: LoadedRequest) throws -> OAuth2Configuration? {
        let effective = EffectiveAuth(of: loaded)
        guard case .oauth2(let definition)? = effective?.auth else { return nil }
        let context = self.context
        let location = effective?.location ?? SourceLocation(file: loaded.displayPath, line: 1, column: 1)
        return try Self.oauth2Configuration(definition, at: location) { text, at throws(TemplateError) in try context.render(text, at: at) }
    }
}
