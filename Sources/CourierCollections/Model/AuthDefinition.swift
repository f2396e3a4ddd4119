/// How a request authenticates: the `auth:` of a request file or a `collection.yaml`.
///
/// Every text is templated (`{{password}}`). Each kind is a mapping of named fields (`fields`,
/// `init(kind:values:)`), so the parser, the writer, the editor and masking treat kinds alike and
/// a new kind is one case here and its field list in `AuthKind`.
public enum AuthDefinition: Sendable, Hashable {
    /// `auth: none`: no auth, even when a `collection.yaml` above sets one.
    case none
    /// `Authorization: Bearer …`.
    case bearer(String)
    /// `Authorization: Basic base64(user:password)`.
    case basic(user: String, password: String)
    /// A key sent as the header or query parameter `name`.
    case apiKey(name: String, value: String, in: APIKeyPlacement)
    /// HTTP Digest (RFC 7616), answered from the server's 401 challenge; `algorithm` nil takes the strongest offered.
    case digest(user: String, password: String, algorithm: String?)
    /// AWS Signature Version 4 with these keys, for `region` and `service` (`s3`, `execute-api`).
    case awsSigV4(accessKey: String, secretKey: String, sessionToken: String?, region: String, service: String)
    /// OAuth 2.0: a token bought from the authorization server, sent as a bearer token.
    case oauth2(OAuth2Definition)
}

/// Where an API key goes.
public enum APIKeyPlacement: String, Sendable, Hashable, CaseIterable {
    case header
    case query
}

/// The kinds of `auth:`, as the file names them.
public enum AuthKind: String, Sendable, CaseIterable {
    case none, bearer, basic, apiKey, digest, awsSigV4, oauth2

    /// One field of a kind: its key in the file, whether it must be given, whether its value is a credential.
    public struct FieldSpec: Sendable, Equatable {
        public let key: String
        public let isRequired: Bool
        public let isSecret: Bool
    }

    /// The fields of the kind in the order they are written. Bearer's one field is the token, written `bearer: TOKEN`.
    public var fields: [FieldSpec] {
        switch self {
        case .none: return []
        case .bearer: return [FieldSpec(key: "token", isRequired: true, isSecret: true)]
        case .basic: return [.init(key: "user", isRequired: true, isSecret: false), .init(key: "password", isRequired: false, isSecret: true)]
        case .apiKey:
            return [.init(key: "name", isRequired: true, isSecret: false), .init(key: "value", isRequired: true, isSecret: true),
                    .init(key: "in", isRequired: false, isSecret: false)]
        case .digest:
            return [.init(key: "user", isRequired: true, isSecret: false), .init(key: "password", isRequired: false, isSecret: true),
                    .init(key: "algorithm", isRequired: false, isSecret: false)]
        case .awsSigV4:
            return [.init(key: "accessKey", isRequired: true, isSecret: false), .init(key: "secretKey", isRequired: true, isSecret: true),
                    .init(key: "sessionToken", isRequired: false, isSecret: true), .init(key: "region", isRequired: true, isSecret: false),
                    .init(key: "service", isRequired: true, isSecret: false)]
        case .oauth2:
            let required: Set<String> = ["grant", "tokenUrl", "clientId"]
            return OAuth2Definition.keys.map {
                FieldSpec(key: $0, isRequired: required.contains($0), isSecret: OAuth2Definition.secretKeys.contains($0))
            }
        }
    }

    /// The value a field has when the file does not give it, for fields that have one.
    public func defaultValue(of key: String) -> String? {
        self == .apiKey && key == "in" ? APIKeyPlacement.header.rawValue : nil
    }

    /// The values a field may take, for those that take a few words only.
    public func choices(of key: String) -> [String]? {
        switch (self, key) {
        case (.apiKey, "in"): return APIKeyPlacement.allCases.map(\.rawValue)
        case (.digest, "algorithm"): return ["MD5", "MD5-sess", "SHA-256", "SHA-256-sess"]
        case (.oauth2, "grant"): return OAuth2Definition.Grant.allCases.map(\.rawValue)
        case (.oauth2, "clientAuth"): return ["basic", "body"]
        default: return nil
        }
    }
}

extension AuthDefinition {
    /// The kind, as the file names it.
    public var kind: AuthKind {
        switch self {
        case .none: return .none
        case .bearer: return .bearer
        case .basic: return .basic
        case .apiKey: return .apiKey
        case .digest: return .digest
        case .awsSigV4: return .awsSigV4
        case .oauth2: return .oauth2
        }
    }

    /// The fields given, in the kind's order, with their values; optional fields left out, and
    /// fields at their default value (an API key `in: header`), are absent.
    public var fields: [(key: String, value: String)] {
        let values: [(String, String?)]
        switch self {
        case .none: values = []
        case .bearer(let token): values = [("token", token)]
        case .basic(let user, let password): values = [("user", user), ("password", password)]
        case .apiKey(let name, let value, let placement): values = [("name", name), ("value", value), ("in", placement.rawValue)]
        case .digest(let user, let password, let algorithm): values = [("user", user), ("password", password), ("algorithm", algorithm)]
        case .awsSigV4(let accessKey, let secretKey, let sessionToken, let region, let service):
            values = [("accessKey", accessKey), ("secretKey", secretKey), ("sessionToken", sessionToken), ("region", region), ("service", service)]
        case .oauth2(let definition):
            values = [("grant", definition.grant.rawValue)] + definition.texts.map { ($0.key, $0.value) }
                + [("redirectPort", definition.redirectPort.map(String.init))]
        }
        return values.compactMap { key, value in value.flatMap { $0 == kind.defaultValue(of: key) ? nil : (key: key, value: $0) } }
    }

    /// The value of field `key`: as given, else its default, else nil.
    public func value(of key: String) -> String? {
        fields.first { $0.key == key }?.value ?? kind.defaultValue(of: key)
    }

    /// An auth of `kind` made of `values` (field key → text); missing fields are empty (or absent
    /// when optional), and an API key's `in` that is not `query` is `header`.
    public init(kind: AuthKind, values: [String: String]) {
        func text(_ key: String) -> String { values[key] ?? "" }
        switch kind {
        case .none: self = .none
        case .bearer: self = .bearer(text("token"))
        case .basic: self = .basic(user: text("user"), password: text("password"))
        case .apiKey: self = .apiKey(name: text("name"), value: text("value"), in: values["in"] == "query" ? .query : .header)
        case .digest: self = .digest(user: text("user"), password: text("password"), algorithm: values["algorithm"])
        case .awsSigV4:
            self = .awsSigV4(accessKey: text("accessKey"), secretKey: text("secretKey"), sessionToken: values["sessionToken"],
                             region: text("region"), service: text("service"))
        case .oauth2:
            let grant = values["grant"].flatMap(OAuth2Definition.Grant.init(rawValue:)) ?? .clientCredentials
            var definition = OAuth2Definition(grant: grant, tokenUrl: text("tokenUrl"), clientId: text("clientId"))
            for (key, _) in definition.texts where key != "tokenUrl" && key != "clientId" { definition.setText(key, values[key]) }
            definition.redirectPort = values["redirectPort"].flatMap { Int($0) }
            self = .oauth2(definition)
        }
    }

    /// The same kind with field `key` set to `value` (nil removes an optional field).
    public func setting(_ key: String, to value: String?) -> AuthDefinition {
        var values = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        values[key] = value
        return AuthDefinition(kind: kind, values: values)
    }

    /// The same kind with every value passed through `transform` (field key, value): templating
    /// syntax, secret splitting, masking.
    public func mapValues(_ transform: (String, String) throws -> String) rethrows -> AuthDefinition {
        var values: [String: String] = [:]
        for (key, value) in fields { values[key] = Self.untemplated.contains(key) ? value : try transform(key, value) }
        return AuthDefinition(kind: kind, values: values)
    }

    /// The fields whose values are words of the format, not templated text: an API key's `in`,
    /// an OAuth grant and its redirect port.
    static let untemplated: Set<String> = ["in", "grant", "redirectPort"]

    /// The values of the fields that are credentials.
    public var secretValues: [String] {
        let secret = Set(kind.fields.filter(\.isSecret).map(\.key))
        return fields.filter { secret.contains($0.key) }.map(\.value)
    }
}
