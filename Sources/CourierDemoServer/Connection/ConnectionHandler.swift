import NIOCore
import NIOHTTP1

typealias HTTPConnection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

/// Serves the requests of one connection in order until the peer closes it.
struct ConnectionHandler: Sendable {
    let router: DemoRouter

    func serve(_ connection: HTTPConnection) async {
        do {
            try await connection.executeThenClose { inbound, outbound in
                var head: HTTPRequestHead?
                var body = ByteBuffer()
                // `/sink` counts what arrives without keeping it, so a gigabyte upload costs no memory.
                var discarding = false
                var discarded = 0
                for try await part in inbound {
                    switch part {
                    case .head(let received):
                        head = received
                        body.clear()
                        discarding = received.uri == "/sink" || received.uri.hasPrefix("/sink?")
                        discarded = 0
                        if received.headers["Expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                            // curl waits a second for this before sending a large body.
                            try await outbound.write(.head(HTTPResponseHead(version: received.version, status: .continue)))
                        }
                    case .body(var chunk):
                        if discarding { discarded += chunk.readableBytes } else { body.writeBuffer(&chunk) }
                    case .end:
                        guard let received = head else { continue }
                        let request = DemoRequest(head: received, body: body)
                        let response = discarding
                            ? DemoResponse.json(DataEnvelope(data: ["received": discarded]))
                            : await router.respond(to: request)
                        let keepOpen = try await write(response, for: request, to: outbound, on: connection.channel)
                        if !keepOpen || !received.isKeepAlive { return }
                        head = nil
                    }
                }
            }
        } catch {
            // A client that goes away mid-request is normal for a test server; nothing to report.
        }
    }

    /// Writes the response; returns `false` when the connection must be closed afterwards.
    private func write(
        _ response: DemoResponse,
        for request: DemoRequest,
        to outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
        on channel: any Channel
    ) async throws -> Bool {
        var headers = HTTPHeaders(response.headers)
        headers.replaceOrAdd(name: "Server", value: "courier-demo")
        let isHead = request.method == .HEAD
        switch response.body {
        case .bytes(let buffer):
            headers.replaceOrAdd(name: "Content-Length", value: String(buffer.readableBytes))
            try await outbound.write(.head(HTTPResponseHead(version: request.version, status: response.status, headers: headers)))
            if !isHead && buffer.readableBytes > 0 { try await outbound.write(.body(.byteBuffer(buffer))) }
            try await outbound.write(.end(nil))
            return true
        case .stream(let length, let produce):
            if let length {
                headers.replaceOrAdd(name: "Content-Length", value: String(length))
            } else {
                headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
            }
            try await outbound.write(.head(HTTPResponseHead(version: request.version, status: response.status, headers: headers)))
            if !isHead {
                try await produce(BodyWriter { chunk in try await outbound.write(.body(.byteBuffer(chunk))) })
            }
            try await outbound.write(.end(nil))
            return true
        case .drop(let declaredLength, let sent):
            headers.replaceOrAdd(name: "Content-Length", value: String(declaredLength))
            try await outbound.write(.head(HTTPResponseHead(version: request.version, status: response.status, headers: headers)))
            try await outbound.write(.body(.byteBuffer(sent)))
            return false
        case .raw(let bytes):
            try await Self.writeRaw(bytes, on: channel)
            return false
        }
    }

    /// Writes `bytes` below the HTTP encoder, from its context toward the socket, so a route can
    /// send what no encoder would (a head cut off in the middle).
    private static func writeRaw(_ bytes: ByteBuffer, on channel: any Channel) async throws {
        try await channel.eventLoop.flatSubmit {
            do {
                let encoder = try channel.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
                return encoder.writeAndFlush(NIOAny(bytes))
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
        }.get()
    }
}
