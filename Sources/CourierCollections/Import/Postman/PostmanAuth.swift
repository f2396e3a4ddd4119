/// A Postman auth block as far as Courier's auth kinds go: basic, bearer, Digest, AWS SigV4 and
/// OAuth 2.0 as `auth:`, an API key as the header or query parameter it adds.
enum PostmanAuth: Sendable {
    case none
    case auth(AuthDefinition)
    case header(Field)
    case query(Field)

    /// The header or query parameter an API key is sent in.
    var credentialField: String? {
        switch self {
        case .header(let field), .query(let field): return field.name
        case .none, .auth: return nil
        }
    }

    /// Puts the auth onto `request`.
    func apply(to request: inout RequestDefinition) {
        switch self {
        case .none: break
        case .auth(let auth): request.auth = auth
        case .header(let field): request.headers.append(field)
        case .query(let field): request.query.append(field)
        }
    }
}

extension PostmanWalker {
    /// The auth `value` sets (`inherit` or none: `inherited`); kinds Courier lacks are listed once, where they are set.
    mutating func auth(_ value: JSONValue?, inherited: PostmanAuth, owner: String) -> PostmanAuth {
        guard let value, let type = value["type"]?.text, type != "inherit" else { return inherited }
        let block = value[type]
        func parameter(_ key: String) -> String? {
            // v2.1: a list of {key, value}; v2.0: an object.
            if let entry = block?.items.first(where: { $0["key"]?.text == key }) { return entry["value"]?.text ?? "" }
            return block?[key]?.text
        }
        switch type {
        case "noauth": return .none
        case "basic": return .auth(.basic(user: parameter("username") ?? "", password: parameter("password") ?? ""))
        case "bearer": return .auth(.bearer(parameter("token") ?? ""))
        case "apikey":
            let field = Field(name: parameter("key") ?? "X-API-Key", value: parameter("value") ?? "")
            return parameter("in") == "query" ? .query(field) : .header(field)
        case "digest":
            return .auth(.digest(user: parameter("username") ?? "", password: parameter("password") ?? "",
                                 algorithm: parameter("algorithm").flatMap { $0.isEmpty ? nil : $0 }))
        case "awsv4":
            return .auth(.awsSigV4(accessKey: parameter("accessKey") ?? "", secretKey: parameter("secretKey") ?? "",
                                   sessionToken: parameter("sessionToken").flatMap { $0.isEmpty ? nil : $0 },
                                   region: parameter("region") ?? "", service: parameter("service") ?? ""))
        case "oauth2":
            guard let oauth = oauth2(grantType: parameter("grant_type"), parameter) else {
                skip(owner, "OAuth 2.0 (grant \(parameter("grant_type") ?? "authorization_code")): Courier maps client credentials, password and authorization code, with a token URL; requests under it were imported without auth")
                return .none
            }
            return .auth(.oauth2(oauth))
        default:
            skip(owner, "auth type \(type): Courier has no such auth kind yet (basic, bearer, API keys, Digest, AWS SigV4 and OAuth 2.0 only); requests under it were imported without auth")
            return .none
        }
    }

    /// Postman's `oauth2` block as Courier's, for the grants both have and with a token URL; nil otherwise.
    private func oauth2(grantType: String?, _ parameter: (String) -> String?) -> OAuth2Definition? {
        let grant: OAuth2Definition.Grant
        switch grantType ?? "authorization_code" {
        case "client_credentials": grant = .clientCredentials
        case "password_credentials": grant = .password
        case "authorization_code", "authorization_code_with_pkce": grant = .authorizationCode
        default: return nil
        }
        func nonEmpty(_ key: String) -> String? { parameter(key).flatMap { $0.isEmpty ? nil : $0 } }
        guard let tokenUrl = parameter("accessTokenUrl"), !tokenUrl.isEmpty else { return nil }
        var oauth = OAuth2Definition(grant: grant, tokenUrl: tokenUrl, clientId: parameter("clientId") ?? "")
        oauth.authorizationUrl = nonEmpty("authUrl")
        oauth.clientSecret = nonEmpty("clientSecret")
        oauth.scope = nonEmpty("scope")
        oauth.username = nonEmpty("username")
        oauth.password = nonEmpty("password")
        oauth.clientAuth = parameter("client_authentication") == "body" ? "body" : nil
        return oauth
    }
}
