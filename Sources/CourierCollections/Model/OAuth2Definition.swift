/// An `auth: {oauth2: …}` block as written: every text may hold templates, filled in when the
/// request is resolved. Maps onto `CourierAuth.OAuth2Configuration`.
public struct OAuth2Definition: Sendable, Hashable {
    /// The grants the format names, with their OAuth names.
    public enum Grant: String, Sendable, CaseIterable {
        case clientCredentials = "client_credentials"
        case password
        case refreshToken = "refresh_token"
        case deviceCode = "device_code"
        case authorizationCode = "authorization_code"

        /// The key a grant cannot do without, besides `tokenUrl` and `clientId`.
        var requiredKey: String? {
            switch self {
            case .clientCredentials: return nil
            case .password: return "username"
            case .refreshToken: return "refreshToken"
            case .deviceCode: return "deviceAuthorizationUrl"
            case .authorizationCode: return "authorizationUrl"
            }
        }
    }

    public var grant: Grant
    public var tokenUrl: String
    public var authorizationUrl: String?
    public var deviceAuthorizationUrl: String?
    public var clientId: String
    public var clientSecret: String?
    public var scope: String?
    public var username: String?
    public var password: String?
    public var refreshToken: String?
    /// The loopback port the authorization-code grant listens on; nil picks a free one.
    public var redirectPort: Int?
    /// `basic` or `body`: where the client credentials go; nil means `basic`.
    public var clientAuth: String?

    public init(grant: Grant, tokenUrl: String, clientId: String) {
        self.grant = grant
        self.tokenUrl = tokenUrl
        self.clientId = clientId
    }

    /// The keys in the order courier writes them.
    public static let keys = ["grant", "tokenUrl", "authorizationUrl", "deviceAuthorizationUrl", "clientId", "clientSecret", "clientAuth",
                              "scope", "username", "password", "refreshToken", "redirectPort"]

    /// The text keys and their values, in `keys` order, nil where unset (`grant` and `redirectPort` aside).
    public var texts: [(key: String, value: String?)] {
        [("tokenUrl", tokenUrl), ("authorizationUrl", authorizationUrl), ("deviceAuthorizationUrl", deviceAuthorizationUrl),
         ("clientId", clientId), ("clientSecret", clientSecret), ("clientAuth", clientAuth), ("scope", scope),
         ("username", username), ("password", password), ("refreshToken", refreshToken)]
    }

    /// Sets the text value of `key` (one of `texts`' keys).
    public mutating func setText(_ key: String, _ value: String?) {
        switch key {
        case "tokenUrl": tokenUrl = value ?? ""
        case "authorizationUrl": authorizationUrl = value
        case "deviceAuthorizationUrl": deviceAuthorizationUrl = value
        case "clientId": clientId = value ?? ""
        case "clientSecret": clientSecret = value
        case "clientAuth": clientAuth = value
        case "scope": scope = value
        case "username": username = value
        case "password": password = value
        case "refreshToken": refreshToken = value
        default: break
        }
    }

    /// The keys whose values are credentials (DESIGN.md, "What is secret").
    public static let secretKeys: Set<String> = ["clientSecret", "password", "refreshToken"]
}

extension OAuth2Definition {
    /// The definition with every text value passed through `transform(key, value)`.
    public func mappingTexts(_ transform: (_ key: String, _ value: String) -> String) -> OAuth2Definition {
        var copy = self
        for (key, value) in texts { copy.setText(key, value.map { transform(key, $0) }) }
        return copy
    }

    /// The definition with each credential (`secretKeys`) passed through `transform(key, value)`.
    public func mappingSecrets(_ transform: (_ key: String, _ value: String) -> String) -> OAuth2Definition {
        mappingTexts { key, value in Self.secretKeys.contains(key) ? transform(key, value) : value }
    }
}
