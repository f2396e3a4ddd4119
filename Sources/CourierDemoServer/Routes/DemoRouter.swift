import Foundation
import NIOCore
import NIOHTTP1

/// Maps a request to the route that answers it.
struct DemoRouter: Sendable {
    let configuration: DemoServerConfiguration
    let statistics: DemoStatistics
    let users = UserStore()
    let tokens: TokenStore
    let digestNonces = DigestNonces()
    let oauthGrants = OAuthGrants()

    init(configuration: DemoServerConfiguration, statistics: DemoStatistics) {
        self.configuration = configuration
        self.statistics = statistics
        self.tokens = TokenStore(lifetime: configuration.accessTokenLifetime)
    }

    func respond(to request: DemoRequest) async -> DemoResponse {
        statistics.record(request)
        let segments = request.segments.map(String.init)
        switch segments.first {
        case nil: return Self.index
        case "users": return UsersRoutes(store: users).respond(to: request, segments: Array(segments.dropFirst()))
        case "echo": return EchoRoute.respond(to: request)
        case "status": return StatusRoutes.status(request, segments: segments)
        case "delay": return await StatusRoutes.delay(request, segments: segments)
        case "redirect": return StatusRoutes.redirect(request, segments: segments)
        case "drip": return StreamingRoutes.drip(request)
        case "bytes": return StreamingRoutes.bytes(request, segments: segments)
        case "json" where segments.count == 2 && segments[1] == "big": return await StreamingRoutes.bigJSON(request)
        case "gzip": return StreamingRoutes.gzip(request)
        case "drop": return StreamingRoutes.drop(request)
        case "sse": return StreamingRoutes.serverSentEvents(request)
        case "ndjson": return StreamingRoutes.jsonLines(request)
        case "basic-auth": return AuthRoutes.basic(request, segments: segments)
        case "bearer": return AuthRoutes(tokens: tokens, configuration: configuration).bearer(request)
        case "me" where segments.count == 1: return AuthRoutes(tokens: tokens, configuration: configuration).me(request)
        case "auth" where segments.count >= 2 && ["digest", "api-key", "sigv4"].contains(segments[1]):
            return AuthKindRoutes(digestNonces: digestNonces, configuration: configuration).respond(to: request, segments: segments)
        case "auth": return AuthRoutes(tokens: tokens, configuration: configuration).auth(request, segments: segments)
        case "oauth": return OAuthRoutes(tokens: tokens, grants: oauthGrants, configuration: configuration).respond(to: request, segments: segments)
        case "upload": return await UploadRoute.respond(to: request)
        case "cookies": return CookieRoutes.respond(to: request, segments: segments)
        case "hostile" where HostileNetworkRoutes.handles(segments): return HostileNetworkRoutes.respond(to: request, segments: segments)
        case "hostile" where HostileTextRoutes.handles(segments): return HostileTextRoutes.respond(to: request, segments: segments)
        case "hostile" where segments.count == 2 && segments[1] == "deep-json": return HostileJSONRoutes.deepJSON(request)
        default: return .error(.notFound, code: "not_found", message: "No route for \(request.method.rawValue) \(request.path)")
        }
    }

    private static let index = DemoResponse.json(DataEnvelope(data: [
        "GET /users?page=&per_page=", "GET|PUT|PATCH|DELETE /users/{id}", "POST /users",
        "ANY /echo", "/status/{code}", "/delay/{seconds}", "/drip?bytes=&duration=",
        "/bytes/{n}[?chunked=1]", "/json/big?mb=N", "/redirect/{code}[?to=]", "/gzip",
        "/basic-auth/{user}/{pass}", "/bearer", "GET /me", "POST /auth/login", "POST /auth/refresh",
        "/auth/digest/md5|sha256[?nonce-uses=N]", "/auth/api-key", "ANY /auth/sigv4/…",
        "POST /oauth/token", "POST /oauth/device", "GET /oauth/authorize", "POST /oauth/revoke", "GET /oauth/me",
        "POST /upload (multipart/form-data)", "/drop", "/cookies", "/cookies/area/…", "/cookies/set?name=value", "/cookies/login?name=value",
        "/cookies/attributes?name=&value=&Path=&Domain=&Max-Age=&Expires=&Secure&HttpOnly&SameSite=", "/cookies/foreign?name=value",
        "/cookies/delete?name", "/sse?count=&interval=&retry=&dropAfter=", "/ndjson?count=&interval=&dropAfter=",
        "/hostile/endless", "/hostile/escapes/body|header|error",
    ]))
}

/// Reads a JSON object or url-encoded form body into string fields.
enum BodyFields {
    static func parse(_ request: DemoRequest) -> [String: String]? {
        let type = request.header("Content-Type")?.lowercased() ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") {
            let text = String(decoding: request.bodyBytes, as: UTF8.self)
            return Dictionary(FormDecoding.pairs(text).map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        guard let object = try? JSONSerialization.jsonObject(with: request.bodyData) as? [String: Any] else { return nil }
        return object.compactMapValues { value in
            switch value {
            case let text as String: return text
            case let number as NSNumber: return number.stringValue
            default: return nil
            }
        }
    }
}

