import Foundation

/// `/basic-auth/{user}/{pass}`, `/bearer`, `/me`, `/auth/login` and `/auth/refresh`.
struct AuthRoutes {
    let tokens: TokenStore
    let configuration: DemoServerConfiguration

    static func basic(_ request: DemoRequest, segments: [String]) -> DemoResponse {
        guard segments.count == 3 else {
            return .error(.badRequest, code: "invalid_route", message: "Use /basic-auth/{user}/{password}")
        }
        let expected = Data("\(segments[1]):\(segments[2])".utf8).base64EncodedString()
        guard let header = request.header("Authorization"), header == "Basic \(expected)" else {
            return .error(.unauthorized, code: "unauthorized", message: "Basic credentials missing or wrong",
                          headers: [("WWW-Authenticate", "Basic realm=\"courier-demo\"")])
        }
        return .json(DataEnvelope(data: ["authenticated": "true", "user": segments[1]]))
    }

    func bearer(_ request: DemoRequest) -> DemoResponse {
        switch token(of: request) {
        case .success(let token): return .json(DataEnvelope(data: ["authenticated": "true", "token": token]))
        case .failure(let refusal): return refusal.response
        }
    }

    /// `GET /me`: the profile of the user a bearer token was issued to.
    func me(_ request: DemoRequest) -> DemoResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return .error(.methodNotAllowed, code: "method_not_allowed", message: "Use GET /me")
        }
        switch token(of: request) {
        case .success: return .json(DataEnvelope(data: ["username": configuration.username, "name": "Ada Lovelace", "email": "ada@example.com"]))
        case .failure(let refusal): return refusal.response
        }
    }

    private struct Refusal: Error {
        let response: DemoResponse
    }

    /// The valid bearer token of `request`, or the 401 that refuses it.
    private func token(of request: DemoRequest) -> Result<String, Refusal> {
        let header = request.header("Authorization") ?? ""
        guard header.hasPrefix("Bearer ") else {
            return .failure(Refusal(response: Self.unauthorized("A bearer token is required")))
        }
        let token = String(header.dropFirst("Bearer ".count))
        guard tokens.isValid(access: token) || token == DemoServerConfiguration.staticToken else {
            return .failure(Refusal(response: Self.unauthorized("The access token is invalid or has expired")))
        }
        return .success(token)
    }

    func auth(_ request: DemoRequest, segments: [String]) -> DemoResponse {
        guard request.method == .POST, segments.count == 2 else {
            return .error(.notFound, code: "not_found", message: "Use POST /auth/login or POST /auth/refresh")
        }
        let fields = BodyFields.parse(request) ?? [:]
        let lifetime = request.query("ttl").flatMap(Double.init)
        switch segments[1] {
        case "login":
            guard fields["username"] == configuration.username, fields["password"] == configuration.password else {
                return .error(.unauthorized, code: "invalid_credentials", message: "Unknown username or wrong password")
            }
            return .json(DataEnvelope(data: tokens.issue(lifetime: lifetime)))
        case "refresh":
            guard let refresh = fields["refresh_token"], tokens.isKnown(refresh: refresh) else {
                return .error(.unauthorized, code: "invalid_refresh_token", message: "The refresh token is missing or unknown")
            }
            return .json(DataEnvelope(data: tokens.issue(lifetime: lifetime, refreshToken: refresh)))
        default:
            return .error(.notFound, code: "not_found", message: "Use POST /auth/login or POST /auth/refresh")
        }
    }

    private static func unauthorized(_ message: String) -> DemoResponse {
        .error(.unauthorized, code: "unauthorized", message: message, headers: [("WWW-Authenticate", "Bearer realm=\"courier-demo\"")])
    }
}
