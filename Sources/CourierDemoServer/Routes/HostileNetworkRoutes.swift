import Foundation
import NIOCore
import NIOHTTP1

/// Servers that break HTTP on purpose, to test what a client survives (issue 14):
///
/// - `/hostile/cut-head`: a status line and half a header, then the connection closes;
/// - `/hostile/redirect?to=URL[&code=302]`: a redirect to any target, another host or another
///   scheme (`file:///etc/passwd`) included;
/// - `/hostile/gzip-bomb?mb=N`: N MiB of zeros (64 by default, up to 4096) sent gzip-compressed
///   and chunked, about a thousandth of that on the wire;
/// - `/hostile/huge-header?kb=N`: a response with one header line of N KiB (1024 by default).
enum HostileNetworkRoutes {
    private static let names: Set<String> = ["cut-head", "redirect", "gzip-bomb", "huge-header"]

    /// Whether `segments` (`["hostile", name]`) name one of these routes.
    static func handles(_ segments: [String]) -> Bool {
        segments.count == 2 && names.contains(segments[1])
    }

    static func respond(to request: DemoRequest, segments: [String]) -> DemoResponse {
        switch segments[1] {
        case "cut-head":
            return DemoResponse(body: .raw(ByteBuffer(string: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Len")))
        case "redirect": return redirect(request)
        case "gzip-bomb": return gzipBomb(request)
        default: return hugeHeader(request)
        }
    }

    private static func redirect(_ request: DemoRequest) -> DemoResponse {
        guard let target = request.query("to"), let code = Int(request.query("code") ?? "302"), (300...399).contains(code) else {
            return .error(.badRequest, code: "invalid_redirect", message: "Use /hostile/redirect?to=URL[&code=3xx]")
        }
        return DemoResponse(status: HTTPResponseStatus(statusCode: code), headers: [("Location", target)])
    }

    private static func gzipBomb(_ request: DemoRequest) -> DemoResponse {
        guard let megabytes = Int(request.query("mb") ?? "64"), (0...4096).contains(megabytes) else {
            return .error(.badRequest, code: "invalid_size", message: "Use /hostile/gzip-bomb?mb=N with N from 0 to 4096")
        }
        // Compressed as it goes out, a megabyte per round, so a client that stops early stops it.
        return DemoResponse(headers: [("Content-Type", "text/plain"), ("Content-Encoding", "gzip")], body: .stream(length: nil) { writer in
            guard let gzip = GzipStream() else { throw GzipFailure() }
            let zeros = [UInt8](repeating: 0, count: 1 << 20)
            for round in 0..<max(1, megabytes) {
                guard let piece = gzip.compress(megabytes == 0 ? [] : zeros, finish: round == max(1, megabytes) - 1) else { throw GzipFailure() }
                if !piece.isEmpty { try await writer.write(ByteBuffer(bytes: piece)) }
            }
        })
    }

    private static func hugeHeader(_ request: DemoRequest) -> DemoResponse {
        guard let kilobytes = Int(request.query("kb") ?? "1024"), (1...16_384).contains(kilobytes) else {
            return .error(.badRequest, code: "invalid_size", message: "Use /hostile/huge-header?kb=N with N from 1 to 16384")
        }
        return DemoResponse(headers: [("Content-Type", "text/plain"), ("X-Huge", String(repeating: "a", count: kilobytes << 10))],
                            body: .bytes(ByteBuffer(string: "a body after a huge header\n")))
    }
}

/// zlib could not compress a body; the connection ends without it.
struct GzipFailure: Error {}
