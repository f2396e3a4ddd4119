import NIOCore

/// Relays bytes between a proxy's client and the server it asked for, both ways at once, until
/// one side closes; then the other is closed too.
enum Tunnel {
    /// - Parameters:
    ///   - input: The client's bytes, some maybe read already (sent on first).
    ///   - outbound: Writes to the client.
    ///   - client: The client's channel, closed when the server is done.
    ///   - upstream: The server's connection.
    ///   - closingResponse: Whether the server's response head gets `Connection: close` (a
    ///     forwarded request: the proxy closes after one response, and says so).
    static func relay(_ input: inout InboundBuffer, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, client: any Channel,
                      upstream: ByteConnection, closingResponse: Bool) async throws {
        try await upstream.executeThenClose { fromServer, toServer in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var head = closingResponse ? ClosingHead() : nil
                    do {
                        for try await chunk in fromServer {
                            guard var rewriting = head else {
                                try await outbound.write(chunk)
                                continue
                            }
                            let (ready, done) = rewriting.take(chunk)
                            head = done ? nil : rewriting
                            if let ready { try await outbound.write(ready) }
                        }
                    } catch {
                        // The server went away mid-way; the client sees its connection close.
                    }
                    try? await client.close()
                }
                while let chunk = try? await input.next() { try await toServer.write(chunk) }
                try? await upstream.channel.close()
                try await group.waitForAll()
            }
        }
    }
}

/// Collects a response head and gives it back with `Connection: close` in place of any
/// `Connection` header the server sent.
struct ClosingHead {
    private var buffered = ByteBuffer()

    /// Takes the next chunk from the server: what is ready to send (nil while the head is
    /// incomplete), and whether the head is done, so later chunks pass unchanged.
    mutating func take(_ chunk: ByteBuffer) -> (ByteBuffer?, Bool) {
        var chunk = chunk
        buffered.writeBuffer(&chunk)
        guard let end = buffered.readableBytesView.firstRange(of: [13, 10, 13, 10]),
              let head = buffered.readString(length: end.lowerBound - buffered.readerIndex) else { return (nil, false) }
        buffered.moveReaderIndex(forwardBy: 4)
        let lines = head.components(separatedBy: "\r\n").filter { !$0.lowercased().hasPrefix("connection:") }
        var rewritten = ByteBuffer(string: lines.joined(separator: "\r\n") + "\r\nConnection: close\r\n\r\n")
        rewritten.writeBuffer(&buffered)
        return (rewritten, true)
    }
}
