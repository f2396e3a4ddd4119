import NIOHTTP1

/// `/status/{code}`, `/delay/{seconds}` and `/redirect/{code}`.
enum StatusRoutes {
    static func status(_ request: DemoRequest, segments: [String]) -> DemoResponse {
        guard segments.count == 2, let code = Int(segments[1]), (100...599).contains(code), code >= 200 else {
            return .error(.badRequest, code: "invalid_status", message: "Use /status/{code} with a code from 200 to 599")
        }
        let status = HTTPResponseStatus(statusCode: code)
        if code == 204 || code == 304 { return DemoResponse(status: status) }
        var headers: [(String, String)] = []
        if code == 401 { headers.append(("WWW-Authenticate", "Bearer realm=\"courier-demo\"")) }
        if code == 429 || code == 503, let after = request.query("retry_after") { headers.append(("Retry-After", after)) }
        if code < 400 {
            return .json(DataEnvelope(data: ["status": code]), status: status, headers: headers)
        }
        let message = request.query("message") ?? "The server answered \(code) \(status.reasonPhrase) as asked"
        return .error(status, code: status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"), message: message, headers: headers)
    }

    static func delay(_ request: DemoRequest, segments: [String]) async -> DemoResponse {
        guard segments.count == 2, let seconds = Double(segments[1]), seconds >= 0, seconds <= 60 else {
            return .error(.badRequest, code: "invalid_delay", message: "Use /delay/{seconds} with 0 to 60 seconds (fractions allowed)")
        }
        try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        return .json(DataEnvelope(data: ["delayed": seconds]))
    }

    static func redirect(_ request: DemoRequest, segments: [String]) -> DemoResponse {
        guard segments.count == 2, let code = Int(segments[1]), [301, 302, 303, 307, 308].contains(code) else {
            return .error(.badRequest, code: "invalid_redirect", message: "Use /redirect/{code} with 301, 302, 303, 307 or 308")
        }
        let target = request.query("to") ?? "/echo"
        return DemoResponse(status: HTTPResponseStatus(statusCode: code), headers: [("Location", target)])
    }
}
