/// A Postman auth block as far as Courier's auth kinds go: basic and bearer as `auth:`, an API
/// key as the header or query parameter it adds.
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
        default:
            skip(owner, "auth type \(type): Courier has no such auth kind yet (basic, bearer and API keys only); requests under it were imported without auth")
            return .none
        }
    }
}
