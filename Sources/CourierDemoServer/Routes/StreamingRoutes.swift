import Foundation
import NIOCore
import NIOHTTP1

/// Bodies that take time or size: `/drip`, `/bytes/{n}`, `/json/big`, `/gzip`, `/drop`.
enum StreamingRoutes {
    /// `/drip?bytes=N&duration=S`: N bytes of `*` spread evenly over S seconds, with `Content-Length`.
    static func drip(_ request: DemoRequest) -> DemoResponse {
        guard let total = Int(request.query("bytes") ?? "10"), (0...100_000_000).contains(total),
              let duration = Double(request.query("duration") ?? "2"), (0...120).contains(duration) else {
            return .error(.badRequest, code: "invalid_drip", message: "Use /drip?bytes=0…100000000&duration=0…120")
        }
        let steps = max(1, min(total, 50))
        return DemoResponse(headers: [("Content-Type", "application/octet-stream")], body: .stream(length: total) { writer in
            var sent = 0
            for step in 1...steps {
                try await Task.sleep(for: .milliseconds(Int(duration * 1000) / steps))
                let upTo = total * step / steps
                if upTo > sent { try await writer.write(ByteBuffer(repeating: UInt8(ascii: "*"), count: upTo - sent)) }
                sent = upTo
            }
        })
    }

    /// `/bytes/{n}`: n deterministic bytes; `?chunked=1` omits `Content-Length`.
    static func bytes(_ request: DemoRequest, segments: [String]) -> DemoResponse {
        guard segments.count == 2, let count = Int(segments[1]), (0...2_000_000_000).contains(count) else {
            return .error(.badRequest, code: "invalid_size", message: "Use /bytes/{n} with n from 0 to 2000000000")
        }
        let chunked = ["1", "true", "yes"].contains(request.query("chunked") ?? "")
        return DemoResponse(headers: [("Content-Type", "application/octet-stream")], body: .stream(length: chunked ? nil : count) { writer in
            try await DeterministicBytes.write(count: count, to: writer)
        })
    }

    /// `/json/big?mb=N`: a deterministic JSON document of about N megabytes.
    static func bigJSON(_ request: DemoRequest) async -> DemoResponse {
        guard let megabytes = Double(request.query("mb") ?? "1"), megabytes > 0, megabytes <= 1024 else {
            return .error(.badRequest, code: "invalid_size", message: "Use /json/big?mb=N with N from 0 to 1024")
        }
        let document = await BigJSON.document(bytes: Int(megabytes * 1_048_576))
        return DemoResponse(headers: [("Content-Type", "application/json")], body: .stream(length: document.readableBytes) { writer in
            var remaining = document
            while let chunk = remaining.readSlice(length: min(remaining.readableBytes, 256 * 1024)), chunk.readableBytes > 0 {
                try await writer.write(chunk)
            }
        })
    }

    /// `/gzip`: a JSON body sent with `Content-Encoding: gzip`.
    static func gzip(_ request: DemoRequest) -> DemoResponse {
        let json = Data(#"{"data":{"gzipped":true,"items":["#.utf8)
            + Data((0..<200).map { "\"item-\($0)\"" }.joined(separator: ",").utf8)
            + Data("]}}".utf8)
        guard let compressed = Gzip.compress(json) else {
            return .error(.internalServerError, code: "gzip_failed", message: "zlib could not compress the body")
        }
        return DemoResponse(
            headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
            body: .bytes(ByteBuffer(bytes: compressed))
        )
    }

    /// `/drop`: announces a megabyte, sends 64 KB, then closes the connection.
    static func drop(_ request: DemoRequest) -> DemoResponse {
        DemoResponse(
            headers: [("Content-Type", "application/json")],
            body: .drop(declaredLength: 1_048_576, sent: ByteBuffer(repeating: UInt8(ascii: " "), count: 65_536))
        )
    }
}

/// The byte pattern of `/bytes/{n}`: byte i is `i % 251`, so any range can be checked.
public enum DeterministicBytes {
    /// The value of byte `index`.
    public static func byte(at index: Int) -> UInt8 { UInt8(index % 251) }

    static func write(count: Int, to writer: BodyWriter) async throws {
        let blockSize = 251 * 256
        let block = ByteBuffer(bytes: (0..<blockSize).map { byte(at: $0) })
        var sent = 0
        while sent < count {
            let size = min(blockSize, count - sent)
            try await writer.write(block.getSlice(at: 0, length: size) ?? block)
            sent += size
        }
    }
}
