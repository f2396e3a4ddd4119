import NIOCore
import NIOHTTP1

/// Answers a hostile server could give a terminal client: a body that never ends, and terminal
/// escape sequences in a body, a header value and an error body. Tests check that courier's memory
/// stays flat and that none of these bytes reaches a terminal as they are.
enum HostileTextRoutes {
    /// What a malicious text carries: an OSC window-title change, clear-screen, a bell, and a
    /// cursor-position request (a terminal answers it by typing `ESC [ row ; col R` into the
    /// user's input), once with 7-bit ESC and once as the 8-bit C1 CSI (U+009B).
    static let escapes = "title\u{1B}]0;pwned\u{07}clear\u{1B}[2Jbell\u{07}report\u{1B}[6nc1\u{9B}6n"

    /// Whether `segments` name one of these routes (`/hostile/endless`, `/hostile/escapes/…`).
    static func handles(_ segments: [String]) -> Bool {
        segments.count >= 2 && ["endless", "escapes"].contains(segments[1])
    }

    static func respond(to request: DemoRequest, segments: [String]) -> DemoResponse {
        switch Array(segments.dropFirst()) {
        case ["endless"]: return endless()
        case ["escapes", "body"]: return .text("before " + escapes + " after\n")
        case ["escapes", "header"]:
            return DemoResponse(headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Hostile", escapes)],
                                body: .bytes(ByteBuffer(string: "a harmless body\n")))
        case ["escapes", "error"]: return .text("failed " + escapes + " failed\n", status: .internalServerError)
        default:
            return .error(.notFound, code: "not_found", message: "Use /hostile/endless or /hostile/escapes/body|header|error")
        }
    }

    /// `/hostile/endless`: a chunked body of deterministic bytes that goes on until the client
    /// hangs up.
    private static func endless() -> DemoResponse {
        DemoResponse(headers: [("Content-Type", "application/octet-stream")], body: .stream(length: nil) { writer in
            let block = ByteBuffer(bytes: (0..<(251 * 256)).map(DeterministicBytes.byte(at:)))
            while !Task.isCancelled { try await writer.write(block) }
        })
    }
}
