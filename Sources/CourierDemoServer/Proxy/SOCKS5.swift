import NIOCore

/// The server side of SOCKS5 (RFC 1928) as the demo proxy speaks it: no authentication, the
/// `CONNECT` command, IPv4, IPv6 and domain-name targets.
enum SOCKS5 {
    static let version: UInt8 = 5
    static let succeeded: UInt8 = 0
    static let hostUnreachable: UInt8 = 4
    private static let commandNotSupported: UInt8 = 7
    private static let noAuthentication: UInt8 = 0
    private static let noAcceptableMethod: UInt8 = 0xFF

    /// Reads the greeting and the request; returns the target, or nil after telling the client
    /// why not (it offered no method without authentication, or asked for something other than CONNECT).
    static func handshake(_ input: inout InboundBuffer, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws -> (host: String, port: Int)? {
        guard try await input.fill(2) else { return nil }
        let greeting = input.take(2)
        let count = Int(greeting[1])
        guard try await input.fill(count) else { return nil }
        guard input.take(count).contains(noAuthentication) else {
            try await outbound.write(ByteBuffer(bytes: [version, noAcceptableMethod]))
            return nil
        }
        try await outbound.write(ByteBuffer(bytes: [version, noAuthentication]))
        guard try await input.fill(4) else { return nil }
        let request = input.take(4)
        guard request[1] == 1 else {
            try await outbound.write(ByteBuffer(bytes: reply(commandNotSupported)))
            return nil
        }
        let host: String
        switch request[3] {
        case 1:
            guard try await input.fill(4) else { return nil }
            host = input.take(4).map(String.init).joined(separator: ".")
        case 3:
            guard try await input.fill(1) else { return nil }
            let length = Int(input.take(1)[0])
            guard try await input.fill(length) else { return nil }
            host = String(decoding: input.take(length), as: UTF8.self)
        case 4:
            guard try await input.fill(16) else { return nil }
            let bytes = input.take(16)
            host = stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
        default:
            return nil
        }
        guard try await input.fill(2) else { return nil }
        let port = input.take(2)
        return (host, Int(port[0]) << 8 | Int(port[1]))
    }

    /// A reply with `status` and an all-zero bound address.
    static func reply(_ status: UInt8) -> [UInt8] {
        [version, status, 0, 1, 0, 0, 0, 0, 0, 0]
    }
}
