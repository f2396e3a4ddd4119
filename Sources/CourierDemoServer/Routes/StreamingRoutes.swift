import Foundation
import NIOCore
import NIOHTTP1

/// Bodies that take time or size: `/drip`, `/bytes/{n}`, `/json/big`, `/gzip`, `/drop`, `/sse`, `/ndjson`.
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

// MARK: - Event streams

/// `/sse` and `/ndjson`: finite streams of numbered events, paced, for the Events view,
/// `courier run`'s streaming output and reconnection with `Last-Event-ID`.
extension StreamingRoutes {
    /// Thrown by a stream that drops its connection on purpose; the connection closes unfinished.
    struct DroppedOnPurpose: Error {}

    /// What both streams take: how many events, how far apart, and where to start.
    private struct Pacing {
        var count: Int
        var interval: Duration
        /// The first event's number: one past the `Last-Event-ID` the client sent, else 1.
        var first: Int

        init?(_ request: DemoRequest) {
            guard let count = Int(request.query("count") ?? "5"), (0...1_000_000).contains(count),
                  let milliseconds = Double(request.query("interval") ?? "200"), (0...60_000).contains(milliseconds) else { return nil }
            self.count = count
            interval = .microseconds(Int(milliseconds * 1000))
            first = (request.header("Last-Event-ID").flatMap { Int($0) } ?? 0) + 1
        }

        /// Writes event `first` to `count`, each when its time comes (by the clock, so a slow
        /// write does not slow the ones after), stopping after `dropAfter` of them when given.
        func write(dropAfter: Int?, to writer: BodyWriter, _ text: (Int) -> String) async throws {
            guard first <= count else { return }
            let start = ContinuousClock.now
            for number in first...count {
                try await Task.sleep(until: start + interval * (number - first + 1), clock: .continuous)
                try await writer.write(ByteBuffer(string: text(number)))
                if let dropAfter, number - first + 1 >= dropAfter, number < count {
                    // NIOAsyncChannel closes without waiting for writes still queued in its writer:
                    // give the events written a moment to reach the socket, so the drop comes after
                    // them (100 ms was too little once in a clean clone's whole run: all three lost).
                    try await Task.sleep(for: .milliseconds(500))
                    throw DroppedOnPurpose()
                }
            }
        }
    }

    /// `/sse?count=N&interval=MS&retry=MS&dropAfter=K`: N Server-Sent Events (`event: tick`,
    /// `id: n`, JSON data), one every MS milliseconds; a `Last-Event-ID` resumes after that id;
    /// `dropAfter` closes the connection unfinished after K events of each connection.
    static func serverSentEvents(_ request: DemoRequest) -> DemoResponse {
        guard let pacing = Pacing(request), let retry = Int(request.query("retry") ?? "500"), retry >= 0 else {
            return .error(.badRequest, code: "invalid_stream", message: "Use /sse?count=0…1000000&interval=0…60000&retry=MS&dropAfter=K")
        }
        let dropAfter = request.query("dropAfter").flatMap { Int($0) }.map { max(1, $0) }
        let headers = [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-cache")]
        return DemoResponse(headers: headers, body: .stream(length: nil) { writer in
            try await writer.write(ByteBuffer(string: ": courier demo stream, events \(pacing.first) to \(pacing.count)\nretry: \(retry)\n\n"))
            try await pacing.write(dropAfter: dropAfter, to: writer) { number in
                "event: tick\nid: \(number)\ndata: {\"id\":\(number),\"message\":\"event \(number) of \(pacing.count)\"}\n\n"
            }
        })
    }

    /// `/ndjson?count=N&interval=MS&dropAfter=K`: N JSON lines (`{"id":n,…}`), one every MS
    /// milliseconds; `dropAfter` closes the connection unfinished after K lines.
    static func jsonLines(_ request: DemoRequest) -> DemoResponse {
        guard let pacing = Pacing(request) else {
            return .error(.badRequest, code: "invalid_stream", message: "Use /ndjson?count=0…1000000&interval=0…60000&dropAfter=K")
        }
        let dropAfter = request.query("dropAfter").flatMap { Int($0) }.map { max(1, $0) }
        return DemoResponse(headers: [("Content-Type", "application/x-ndjson")], body: .stream(length: nil) { writer in
            try await pacing.write(dropAfter: dropAfter, to: writer) { number in
                "{\"id\":\(number),\"message\":\"line \(number) of \(pacing.count)\"}\n"
            }
        })
    }
}
