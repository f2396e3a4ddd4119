/// `/auth/digest/…`, `/auth/api-key` and `/auth/sigv4/…`: one route per auth kind courier speaks.
struct AuthKindRoutes {
    let digestNonces: DigestNonces
    let configuration: DemoServerConfiguration

    func respond(to request: DemoRequest, segments: [String]) -> DemoResponse {
        switch segments[1] {
        case "digest" where segments.count == 3:
            return DigestRoutes(nonces: digestNonces, configuration: configuration).respond(to: request, algorithm: segments[2])
        case "api-key" where segments.count == 2: return ApiKeyRoutes.respond(to: request)
        case "sigv4": return SigV4Routes.respond(to: request)
        default: return .error(.notFound, code: "not_found", message: "Use /auth/digest/md5, /auth/digest/sha256, /auth/api-key or /auth/sigv4/…")
        }
    }
}
