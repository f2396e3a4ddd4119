/// Writes requests as a Postman Collection v2.1 (JSON): folders as item groups, the variables as
/// collection variables, `capture:`/`expect:` as test scripts in the forms courier's Postman
/// importer reads back, and one Postman environment file per environment beside it.
public enum PostmanExporter {
    /// The schema a v2.1 collection names.
    static let schema = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

    /// The collection and its environments.
    public static func export(_ collection: ExportedCollection, options: CollectionExportOptions = CollectionExportOptions()) -> ExportDocument {
        var warnings: [String] = []
        let (variables, withheld) = collection.variableValues(environment: nil, includeSecrets: options.includeSecrets)
        var root = Group()
        for exported in collection.requests {
            root.insert(item(exported, warnings: &warnings), at: exported.folder[...])
        }
        let document: JSONValue = .object([
            ("info", .object([("name", .string(collection.name)), ("schema", .string(schema))])),
            ("item", .array(root.items)),
            ("variable", .array(variables.map { variable in
                .object([("key", .string(variable.name)),
                         ("value", .string(ExportDialect.postman.rewrite(variable.value, place: "variable \(variable.name)", warnings: &warnings)))])
            })),
        ])
        var companions: [ExportDocument.Companion] = []
        var withheldNames = withheld
        for environment in collection.environments {
            let values = environment.variables.map { ($0, false) } + environment.secrets.map { ($0, true) }
            let entries: [JSONValue] = values.map { field, fromSecretFile in
                let secret = fromSecretFile || collection.isSecret(field.name)
                if secret && !options.includeSecrets && !withheldNames.contains(field.name) { withheldNames.append(field.name) }
                return .object([
                    ("key", .string(field.name)),
                    ("value", .string(secret && !options.includeSecrets ? "" : field.value)),
                    ("type", .string(secret ? "secret" : "default")),
                    ("enabled", .bool(true)),
                ])
            }
            let file: JSONValue = .object([("name", .string(environment.name)), ("values", .array(entries)),
                                           ("_postman_variable_scope", .string("environment"))])
            companions.append(.init(suffix: ".\(environment.name).postman_environment.json", text: ExportText.prettyJSON(file) + "\n"))
        }
        return ExportDocument(text: ExportText.prettyJSON(document) + "\n", companions: companions,
                              warnings: warnings + CollectionExportOptions.withheldWarning(withheldNames))
    }

    /// Item groups in the order their first request appears.
    private struct Group {
        var entries: [(name: String?, group: Group?, item: JSONValue?)] = []

        mutating func insert(_ item: JSONValue, at folder: ArraySlice<String>) {
            guard let first = folder.first else {
                entries.append((nil, nil, item))
                return
            }
            if let index = entries.firstIndex(where: { $0.name == first && $0.group != nil }) {
                entries[index].group?.insert(item, at: folder.dropFirst())
            } else {
                var group = Group()
                group.insert(item, at: folder.dropFirst())
                entries.append((first, group, nil))
            }
        }

        var items: [JSONValue] {
            entries.map { entry in
                if let item = entry.item { return item }
                return .object([("name", .string(entry.name ?? "")), ("item", .array(entry.group?.items ?? []))])
            }
        }
    }

    /// A Postman auth block of `type` with its parameters (those with a value), in a stable order.
    private static func postmanAuth(_ type: String, _ parameters: [String: String?]) -> JSONValue {
        let entries = parameters.sorted { $0.key < $1.key }.compactMap { key, value in value.map { keyValue(Field(name: key, value: $0)) } }
        return .object([("type", .string(type)), (type, .array(entries))])
    }

    /// Postman's `oauth2` auth for the grants it has (client credentials, password, authorization code with PKCE).
    private static func oauth2(_ oauth: OAuth2Definition) -> JSONValue? {
        let grant: String
        switch oauth.grant {
        case .clientCredentials: grant = "client_credentials"
        case .password: grant = "password_credentials"
        case .authorizationCode: grant = "authorization_code_with_pkce"
        case .refreshToken, .deviceCode: return nil
        }
        let values: [(String, String?)] = [
            ("grant_type", grant), ("accessTokenUrl", oauth.tokenUrl), ("authUrl", oauth.authorizationUrl), ("clientId", oauth.clientId),
            ("clientSecret", oauth.clientSecret), ("scope", oauth.scope), ("username", oauth.username), ("password", oauth.password),
            ("client_authentication", oauth.clientAuth == "body" ? "body" : "header"), ("addTokenTo", "header"),
        ]
        let entries = values.compactMap { name, value in value.map { keyValue(Field(name: name, value: $0)) } }
        return .object([("type", .string("oauth2")), ("oauth2", .array(entries))])
    }

    private static func item(_ exported: ExportedRequest, warnings: inout [String]) -> JSONValue {
        let request = ExportDialect.postman.rewrite(exported.request, place: exported.id, warnings: &warnings)
        let url = request.url ?? ""
        var fields: [(String, JSONValue)] = [("method", .string(request.method))]
        fields.append(("header", .array(request.headers.map { keyValue($0) })))
        if let body = body(request.body) { fields.append(("body", body)) }
        switch request.auth {
        case .bearer(let token)?:
            fields.append(("auth", .object([("type", .string("bearer")), ("bearer", .array([keyValue(Field(name: "token", value: token))]))])))
        case .basic(let user, let password)?:
            fields.append(("auth", .object([("type", .string("basic")), ("basic", .array([
                keyValue(Field(name: "username", value: user)), keyValue(Field(name: "password", value: password)),
            ]))])))
        case .none?: fields.append(("auth", .object([("type", .string("noauth"))])))
        case .apiKey(let name, let value, let placement)?:
            fields.append(("auth", postmanAuth("apikey", ["key": name, "value": value, "in": placement == .query ? "query" : "header"])))
        case .digest(let user, let password, let algorithm)?:
            fields.append(("auth", postmanAuth("digest", ["username": user, "password": password, "algorithm": algorithm])))
        case .awsSigV4(let accessKey, let secretKey, let sessionToken, let region, let service)?:
            fields.append(("auth", postmanAuth("awsv4", ["accessKey": accessKey, "secretKey": secretKey, "sessionToken": sessionToken,
                                                         "region": region, "service": service])))
        case .oauth2(let oauth)?:
            if let auth = oauth2(oauth) {
                fields.append(("auth", auth))
            } else {
                warnings.append("\(exported.id): Postman has no \(oauth.grant.rawValue) grant; the request is exported without auth")
            }
        case nil: break
        }
        var urlFields: [(String, JSONValue)] = [("raw", .string(ExportText.url(url, query: request.query)))]
        if !request.query.isEmpty { urlFields.append(("query", .array(request.query.map { keyValue($0) }))) }
        fields.append(("url", .object(urlFields)))
        var item: [(String, JSONValue)] = [("name", .string(exported.name)), ("request", .object(fields))]
        let script = PostmanTests.lines(captures: request.captures, expectations: request.expectations)
        if !script.isEmpty {
            item.append(("event", .array([.object([
                ("listen", .string("test")),
                ("script", .object([("type", .string("text/javascript")), ("exec", .array(script.map { .string($0) }))])),
            ])])))
        }
        if request.followRedirects == false {
            item.append(("protocolProfileBehavior", .object([("followRedirects", .bool(false))])))
        }
        return .object(item)
    }

    private static func keyValue(_ field: Field) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("key", .string(field.name)), ("value", .string(field.value))]
        if !field.enabled { pairs.append(("disabled", .bool(true))) }
        return .object(pairs)
    }

    private static func body(_ body: BodyDefinition?) -> JSONValue? {
        switch body {
        case nil: return nil
        case .json(let value)?:
            return .object([("mode", .string("raw")), ("raw", .string(ExportText.prettyJSON(value))),
                            ("options", .object([("raw", .object([("language", .string("json"))]))]))])
        case .text(let text)?:
            return .object([("mode", .string("raw")), ("raw", .string(text)), ("options", .object([("raw", .object([("language", .string("text"))]))]))])
        case .form(let fields)?:
            return .object([("mode", .string("urlencoded")), ("urlencoded", .array(fields.map { keyValue($0) }))])
        case .file(let path)?:
            return .object([("mode", .string("file")), ("file", .object([("src", .string(path))]))])
        case .multipart(let parts)?:
            return .object([("mode", .string("formdata")), ("formdata", .array(parts.map { part in
                var pairs: [(String, JSONValue)] = [("key", .string(part.name))]
                if let file = part.file {
                    pairs += [("type", .string("file")), ("src", .string(file))]
                } else {
                    pairs += [("value", .string(part.value ?? "")), ("type", .string("text"))]
                }
                if let mime = part.mime { pairs.append(("contentType", .string(mime))) }
                return .object(pairs)
            }))])
        }
    }
}
