import Foundation

/// How a client obtains its OAuth 2.0 access token (RFC 6749, RFC 8628, RFC 7636).
public enum OAuth2Grant: Sendable, Equatable {
    /// The client's own credentials buy the token (`client_credentials`).
    case clientCredentials
    /// A user's name and password buy the token (`password`, the resource-owner grant).
    case password(username: String, password: String)
    /// A refresh token the user already holds buys the token (`refresh_token`).
    case refreshToken(String)
    /// The user approves on another device: the client shows a code and a URL and polls (RFC 8628).
    case deviceCode
    /// The user approves in a browser that redirects to a listener on this machine; the code it
    /// carries is exchanged with a PKCE verifier (S256). `redirectPort` nil picks a free port.
    case authorizationCode(redirectPort: Int? = nil)

    /// The name the collection format and the token endpoint use for this grant.
    public var name: String {
        switch self {
        case .clientCredentials: return "client_credentials"
        case .password: return "password"
        case .refreshToken: return "refresh_token"
        case .deviceCode: return "device_code"
        case .authorizationCode: return "authorization_code"
        }
    }
}

/// Where the client's id and secret go in a token request.
public enum OAuth2ClientAuthentication: String, Sendable, Equatable {
    /// `Authorization: Basic` with the form-encoded id and secret (RFC 6749 §2.3.1, the default).
    case basic
    /// `client_id` and `client_secret` as form fields of the request body.
    case body
}

/// Everything needed to obtain and refresh an OAuth 2.0 access token.
public struct OAuth2Configuration: Sendable, Equatable {
    /// The token endpoint.
    public var tokenURL: URL
    /// The authorization endpoint the browser opens; the authorization-code grant needs it.
    public var authorizationURL: URL?
    /// The device authorization endpoint; the device grant needs it.
    public var deviceAuthorizationURL: URL?
    /// The client's id.
    public var clientID: String
    /// The client's secret; nil for a public client.
    public var clientSecret: String?
    /// The scopes asked for, space-separated; nil asks for the server's default.
    public var scope: String?
    /// How the token is obtained.
    public var grant: OAuth2Grant
    /// Where the client credentials go.
    public var clientAuthentication: OAuth2ClientAuthentication

    /// - Parameters:
    ///   - tokenURL: The token endpoint.
    ///   - authorizationURL: The authorization endpoint, for the authorization-code grant.
    ///   - deviceAuthorizationURL: The device authorization endpoint, for the device grant.
    ///   - clientID: The client's id.
    ///   - clientSecret: The client's secret; nil for a public client.
    ///   - scope: The scopes asked for, space-separated.
    ///   - grant: How the token is obtained.
    ///   - clientAuthentication: Where the client credentials go; `Authorization: Basic` by default.
    public init(tokenURL: URL, authorizationURL: URL? = nil, deviceAuthorizationURL: URL? = nil, clientID: String,
                clientSecret: String? = nil, scope: String? = nil, grant: OAuth2Grant,
                clientAuthentication: OAuth2ClientAuthentication = .basic) {
        self.tokenURL = tokenURL
        self.authorizationURL = authorizationURL
        self.deviceAuthorizationURL = deviceAuthorizationURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
        self.grant = grant
        self.clientAuthentication = clientAuthentication
    }

    /// What a cached token is filed under: the grant, token endpoint, client, scope and user, so
    /// a token bought for one of them is never sent for another. Holds no secret.
    public var cacheKey: String {
        var parts = [grant.name, tokenURL.absoluteString, clientID, scope ?? ""]
        if case .password(let username, _) = grant { parts.append(username) }
        return parts.joined(separator: " ")
    }

    /// The secrets this configuration carries, to be masked wherever they might be shown.
    public var secrets: [String] {
        var secrets = [clientSecret].compactMap { $0 }
        switch grant {
        case .password(_, let password): secrets.append(password)
        case .refreshToken(let token): secrets.append(token)
        case .clientCredentials, .deviceCode, .authorizationCode: break
        }
        return secrets.filter { !$0.isEmpty }
    }
}
