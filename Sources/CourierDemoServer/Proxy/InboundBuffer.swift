import NIOCore

/// The bytes a proxy connection has received but not yet used, read further on demand.
struct InboundBuffer {
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    /// What has arrived and is not used yet.
    var bytes = ByteBuffer()

    init(_ inbound: NIOAsyncChannelInboundStream<ByteBuffer>) {
        iterator = inbound.makeAsyncIterator()
    }

    /// Reads until at least `count` bytes are buffered; false when the peer closed first.
    mutating func fill(_ count: Int) async throws -> Bool {
        while bytes.readableBytes < count {
            guard var more = try await iterator.next() else { return false }
            bytes.writeBuffer(&more)
        }
        return true
    }

    /// Takes `count` buffered bytes (after `fill(count)`).
    mutating func take(_ count: Int) -> [UInt8] {
        bytes.readBytes(length: count) ?? []
    }

    /// Reads until a blank line ends an HTTP head and takes the head; nil when the peer closed
    /// first or the head grows past 64 KiB.
    mutating func head() async throws -> String? {
        while true {
            if let end = bytes.readableBytesView.firstRange(of: [13, 10, 13, 10]) {
                let length = end.upperBound - bytes.readerIndex
                return bytes.readString(length: length)
            }
            guard bytes.readableBytes < 65_536, var more = try await iterator.next() else { return nil }
            bytes.writeBuffer(&more)
        }
    }

    /// The next chunk: what is buffered first, then what arrives; nil when the peer closed.
    mutating func next() async throws -> ByteBuffer? {
        if bytes.readableBytes > 0 {
            defer { bytes.clear() }
            return bytes
        }
        return try await iterator.next()
    }
}
