/// Security schemes as auth: HTTP bearer and basic as `auth:`, API keys as a header, query
/// parameter or cookie, each credential a variable of the environment's secret file. Schemes
/// Courier has no auth kind for yet (OAuth 2, OpenID Connect, mutual TLS, Digest) are listed once
/// each with the number of operations that use them.
struct OpenAPISecurity {
    let document: OpenAPIDocument
    /// Variables the auth refers to, in order, with whether each is secret; values are left empty.
    private(set) var credentials: [(name: String, secret: Bool)] = []
    private var unmappedUses: [(scheme: String, reason: String, count: Int)] = []

    init(document: OpenAPIDocument) { self.document = document }

    /// One line per scheme that could not be mapped.
    var unmapped: [UnmappedItem] {
        unmappedUses.map { UnmappedItem(file: document.file, item: "security scheme \($0.scheme)",
                                        reason: "\($0.reason); \($0.count) operation(s) that use it were imported without it") }
    }

    /// Applies the first alternative of `requirements` (an empty list or `{}` means none).
    mutating func apply(_ requirements: JSONValue?, to request: inout RequestDefinition, operation: String) {
        guard let alternatives = requirements?.items, !alternatives.isEmpty else { return }
        // The first alternative whose schemes all map, else the first.
        let chosen = alternatives.first { $0.pairs.allSatisfy { mappable($0.0) } } ?? alternatives[0]
        for (name, _) in chosen.pairs { applyScheme(name, to: &request) }
    }

    private func scheme(_ name: String) -> JSONValue? {
        document.root["components"]?["securitySchemes"]?[name].flatMap(document.resolved)
    }

    private func mappable(_ name: String) -> Bool {
        guard let scheme = scheme(name) else { return false }
        switch scheme["type"]?.text {
        case "apiKey": return true
        case "http": return ["bearer", "basic"].contains(scheme["scheme"]?.text?.lowercased() ?? "")
        default: return false
        }
    }

    private mutating func applyScheme(_ name: String, to request: inout RequestDefinition) {
        guard let scheme = scheme(name) else {
            note(name, "not defined under components/securitySchemes")
            return
        }
        let type = scheme["type"]?.text ?? "?"
        switch (type, scheme["scheme"]?.text?.lowercased()) {
        case ("http", "bearer"):
            request.auth = .bearer("{{\(credential("token"))}}")
        case ("http", "basic"):
            request.auth = .basic(user: "{{\(credential("username", secret: false))}}", password: "{{\(credential("password"))}}")
        case ("apiKey", _):
            guard let key = scheme["name"]?.text, let location = scheme["in"]?.text else {
                note(name, "an API key without 'name' or 'in'")
                return
            }
            let reference = "{{\(credential(FileCollectionStore.slug(name).replacingOccurrences(of: "-", with: "_")))}}"
            switch location {
            case "header": request.headers.append(Field(name: key, value: reference))
            case "query": request.query.append(Field(name: key, value: reference))
            case "cookie": request.headers.append(Field(name: "Cookie", value: "\(key)=\(reference)"))
            default: note(name, "an API key 'in: \(location)'")
            }
        case ("http", let other):
            note(name, "HTTP \(other ?? "?") authentication: Courier has bearer and basic auth only (Digest comes with another issue)")
        case ("oauth2", _), ("openIdConnect", _):
            note(name, "\(type): Courier has no OAuth 2 auth yet")
        default:
            note(name, "\(type) security: Courier has no such auth")
        }
    }

    /// The variable's name, recorded once.
    private mutating func credential(_ name: String, secret: Bool = true) -> String {
        if !credentials.contains(where: { $0.name == name }) { credentials.append((name, secret)) }
        return name
    }

    private mutating func note(_ scheme: String, _ reason: String) {
        if let index = unmappedUses.firstIndex(where: { $0.scheme == scheme }) {
            unmappedUses[index].count += 1
        } else {
            unmappedUses.append((scheme, reason, 1))
        }
    }
}
