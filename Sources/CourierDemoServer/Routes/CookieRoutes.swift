import Foundation

/// `/cookies` echoes the cookies received; `/cookies/set?name=value…` sets one cookie per pair.
enum CookieRoutes {
    static func respond(to request: DemoRequest, segments: [String]) -> DemoResponse {
        if segments.count == 2 && segments[1] == "set" {
            let headers = request.queryItems.map { ("Set-Cookie", "\($0.name)=\($0.value); Path=/") }
            return .json(DataEnvelope(data: Dictionary(request.queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })),
                         headers: headers)
        }
        guard segments.count == 1 else { return .error(.notFound, code: "not_found", message: "Use /cookies or /cookies/set?name=value") }
        var received: [String: String] = [:]
        for pair in (request.header("Cookie") ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { received[parts[0]] = parts[1] }
        }
        return .json(DataEnvelope(data: received))
    }
}
