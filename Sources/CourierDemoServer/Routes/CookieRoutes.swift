import Foundation

/// The cookie routes:
/// - `/cookies` (and anything under `/cookies/area/`) echoes the cookies received;
/// - `/cookies/set?name=value…` sets one session cookie per pair, for every path;
/// - `/cookies/login?name=value…` sets them too and answers 302 to `/cookies`, as a login form does;
/// - `/cookies/attributes?name=N&value=V&Path=…&Domain=…&Max-Age=…&Expires=…&Secure&HttpOnly&SameSite=…`
///   sets one cookie with the attributes given, in their order, so clients' scoping and expiry can be tried;
/// - `/cookies/foreign?name=value` sets a cookie for `Domain=example.com`, which a client must refuse;
/// - `/cookies/delete?name` expires each cookie named (`Max-Age=0`).
enum CookieRoutes {
    /// The attribute names `/cookies/attributes` passes through.
    private static let attributes = ["Path", "Domain", "Max-Age", "Expires", "Secure", "HttpOnly", "SameSite"]

    static func respond(to request: DemoRequest, segments: [String]) -> DemoResponse {
        switch segments.dropFirst().first {
        case nil, "area": return echo(request)
        case "set" where segments.count == 2:
            let values = Dictionary(request.queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
            return .json(DataEnvelope(data: values), headers: request.queryItems.map { ("Set-Cookie", "\($0.name)=\($0.value); Path=/") })
        case "login" where segments.count == 2:
            let headers = request.queryItems.map { ("Set-Cookie", "\($0.name)=\($0.value); Path=/") }
            return DemoResponse(status: .found, headers: headers + [("Location", "/cookies")])
        case "attributes" where segments.count == 2:
            guard let name = request.query("name"), !name.isEmpty else {
                return .error(.badRequest, code: "missing_name", message: "Give the cookie as ?name=N&value=V, then attributes such as Path=/cookies/area")
            }
            let given = request.queryItems.filter { attributes.contains($0.name) }.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }
            return setting(request, [(["\(name)=\(request.query("value") ?? "")"] + given).joined(separator: "; ")])
        case "foreign" where segments.count == 2:
            return setting(request, request.queryItems.map { "\($0.name)=\($0.value); Domain=example.com; Path=/" })
        case "delete" where segments.count == 2:
            return setting(request, request.queryItems.map { "\($0.name)=; Max-Age=0; Path=/" })
        default:
            return .error(.notFound, code: "not_found",
                          message: "Use /cookies, /cookies/area/…, /cookies/set?name=value, /cookies/login?name=value, /cookies/attributes?name=&value=&Path=…, /cookies/foreign or /cookies/delete?name")
        }
    }

    /// A JSON answer naming the cookies set, with their `Set-Cookie` headers.
    private static func setting(_ request: DemoRequest, _ headers: [String]) -> DemoResponse {
        .json(DataEnvelope(data: headers), headers: headers.map { ("Set-Cookie", $0) })
    }

    /// The cookies the request sent, by name.
    private static func echo(_ request: DemoRequest) -> DemoResponse {
        var received: [String: String] = [:]
        for pair in (request.header("Cookie") ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { received[parts[0]] = parts[1] }
        }
        return .json(DataEnvelope(data: received))
    }
}
