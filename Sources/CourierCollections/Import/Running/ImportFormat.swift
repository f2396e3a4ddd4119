/// The formats `courier import FORMAT FILE… --into DIR` reads, and the explorer's palette offers.
public enum ImportFormat: String, Sendable, CaseIterable {
    case postman, insomnia, openapi, har, http

    /// What the format's files are, for prompts and lists: `an OpenAPI 3.0/3.1 description`.
    public var summary: String {
        switch self {
        case .postman: return "a Postman collection (v2.0/v2.1 JSON)"
        case .insomnia: return "an Insomnia export (v4 JSON/YAML, v5 YAML)"
        case .openapi: return "an OpenAPI 3.0/3.1 description (JSON/YAML)"
        case .har: return "a HAR file from browser devtools"
        case .http: return "a .http/.rest file (REST Client, JetBrains)"
        }
    }
}
