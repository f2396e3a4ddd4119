import NIOHTTP1

/// `/users` and `/users/{id}`: list with paging, get, create, replace, patch, delete.
struct UsersRoutes {
    let store: UserStore

    struct Page: Encodable {
        let data: [DemoUser]
        let meta: Meta
        struct Meta: Encodable {
            let page: Int
            let perPage: Int
            let total: Int
            let totalPages: Int
            enum CodingKeys: String, CodingKey {
                case page, total
                case perPage = "per_page"
                case totalPages = "total_pages"
            }
        }
    }

    func respond(to request: DemoRequest, segments: [String]) -> DemoResponse {
        if segments.isEmpty {
            switch request.method {
            case .GET, .HEAD: return list(request)
            case .POST: return create(request)
            default: return Self.notAllowed(request)
            }
        }
        guard segments.count == 1, let id = Int(segments[0]) else {
            return .error(.notFound, code: "not_found", message: "No user route \(request.path); ids are integers")
        }
        switch request.method {
        case .GET, .HEAD:
            guard let user = store.find(id) else { return Self.missing(id) }
            return .json(DataEnvelope(data: user))
        case .PUT, .PATCH:
            return update(id, request, replacing: request.method == .PUT)
        case .DELETE:
            return store.delete(id) ? DemoResponse(status: .noContent) : Self.missing(id)
        default:
            return Self.notAllowed(request)
        }
    }

    private func list(_ request: DemoRequest) -> DemoResponse {
        guard let page = Int(request.query("page") ?? "1"), page >= 1,
              let perPage = Int(request.query("per_page") ?? "5"), (1...100).contains(perPage) else {
            return .error(.badRequest, code: "invalid_paging", message: "page must be ≥ 1 and per_page between 1 and 100")
        }
        var users = store.all()
        if let role = request.query("role") { users = users.filter { $0.role == role } }
        let start = min((page - 1) * perPage, users.count)
        let slice = Array(users[start..<min(start + perPage, users.count)])
        let meta = Page.Meta(page: page, perPage: perPage, total: users.count, totalPages: (users.count + perPage - 1) / perPage)
        return .json(Page(data: slice, meta: meta))
    }

    private func create(_ request: DemoRequest) -> DemoResponse {
        guard let fields = BodyFields.parse(request) else {
            return .error(.badRequest, code: "invalid_body", message: "Expected a JSON object or a url-encoded form")
        }
        guard let name = fields["name"], !name.isEmpty, let email = fields["email"], email.contains("@") else {
            return .error(.unprocessableEntity, code: "validation_failed", message: "name and a valid email are required")
        }
        let user = store.create(name: name, email: email, role: fields["role"] ?? "member")
        return .json(DataEnvelope(data: user), status: .created, headers: [("Location", "/users/\(user.id)")])
    }

    private func update(_ id: Int, _ request: DemoRequest, replacing: Bool) -> DemoResponse {
        guard let fields = BodyFields.parse(request) else {
            return .error(.badRequest, code: "invalid_body", message: "Expected a JSON object or a url-encoded form")
        }
        if replacing && (fields["name"] == nil || fields["email"] == nil) {
            return .error(.unprocessableEntity, code: "validation_failed", message: "PUT replaces the user: name and email are required")
        }
        let updated = store.update(id) { user in
            if let name = fields["name"] { user.name = name }
            if let email = fields["email"] { user.email = email }
            if let role = fields["role"] { user.role = role }
        }
        guard let updated else { return Self.missing(id) }
        return .json(DataEnvelope(data: updated))
    }

    private static func missing(_ id: Int) -> DemoResponse {
        .error(.notFound, code: "not_found", message: "User \(id) not found")
    }

    private static func notAllowed(_ request: DemoRequest) -> DemoResponse {
        .error(.methodNotAllowed, code: "method_not_allowed", message: "\(request.method.rawValue) is not allowed on \(request.path)")
    }
}
