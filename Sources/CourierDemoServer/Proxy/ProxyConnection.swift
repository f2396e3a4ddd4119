import Foundation
import NIOCore
import NIOPosix

/// Serves one client of the demo proxy: reads how it asks (HTTP or SOCKS5), checks its
/// credentials, connects to the target and relays bytes both ways until one side closes.
struct ProxyConnection: Sendable {
    let credentials: DemoProxy.Credentials?
    let journal: ProxyJournal

    func serve(_ connection: ByteConnection) async {
        try? await connection.executeThenClose { inbound, outbound in
            var input = InboundBuffer(inbound)
            guard try await input.fill(1) else { return }
            if input.bytes.readableBytesView.first == SOCKS5.version {
                try await socks(&input, outbound, client: connection.channel)
            } else {
                try await http(&input, outbound, client: connection.channel)
            }
        }
    }

    // MARK: - HTTP

    private func http(_ input: inout InboundBuffer, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, client: any Channel) async throws {
        guard let text = try await input.head(), let head = ProxyRequestHead(text) else {
            return try await outbound.write(ByteBuffer(string: Self.status("400 Bad Request")))
        }
        let authorization = head.header("Proxy-Authorization")
        let kind: ProxiedRequest.Kind = head.method == "CONNECT" ? .connect : .absoluteURI
        if let credentials, authorization != credentials.header {
            journal.record(ProxiedRequest(kind: kind, target: head.target, proxyAuthorization: authorization, forwarded: false))
            let refusal = Self.status("407 Proxy Authentication Required", extra: "Proxy-Authenticate: Basic realm=\"courier-demo-proxy\"\r\n")
            return try await outbound.write(ByteBuffer(string: refusal))
        }
        guard let (host, port) = head.destination, let upstream = try? await Self.connect(host: host, port: port) else {
            journal.record(ProxiedRequest(kind: kind, target: head.target, proxyAuthorization: authorization, forwarded: false))
            return try await outbound.write(ByteBuffer(string: Self.status("502 Bad Gateway")))
        }
        journal.record(ProxiedRequest(kind: kind, target: head.target, proxyAuthorization: authorization, forwarded: true))
        if kind == .connect {
            try await outbound.write(ByteBuffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n"))
            try await Tunnel.relay(&input, outbound, client: client, upstream: upstream, closingResponse: false)
        } else {
            // One request per connection: the origin closes after its response, and so does the proxy.
            input.bytes = ByteBuffer(string: head.originForm()) + input.bytes
            try await Tunnel.relay(&input, outbound, client: client, upstream: upstream, closingResponse: true)
        }
    }

    static func status(_ status: String, extra: String = "") -> String {
        "HTTP/1.1 \(status)\r\n\(extra)Content-Length: 0\r\nConnection: close\r\n\r\n"
    }

    // MARK: - SOCKS5

    private func socks(_ input: inout InboundBuffer, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, client: any Channel) async throws {
        guard let target = try await SOCKS5.handshake(&input, outbound) else { return }
        let name = "\(target.host):\(target.port)"
        guard let upstream = try? await Self.connect(host: target.host, port: target.port) else {
            journal.record(ProxiedRequest(kind: .socks5, target: name, proxyAuthorization: nil, forwarded: false))
            return try await outbound.write(ByteBuffer(bytes: SOCKS5.reply(SOCKS5.hostUnreachable)))
        }
        journal.record(ProxiedRequest(kind: .socks5, target: name, proxyAuthorization: nil, forwarded: true))
        try await outbound.write(ByteBuffer(bytes: SOCKS5.reply(SOCKS5.succeeded)))
        try await Tunnel.relay(&input, outbound, client: client, upstream: upstream, closingResponse: false)
    }

    private static func connect(host: String, port: Int) async throws -> ByteConnection {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try ByteConnection(wrappingChannelSynchronously: channel) }
            }
    }
}

private func + (lhs: ByteBuffer, rhs: ByteBuffer) -> ByteBuffer {
    var joined = lhs
    var rest = rhs
    joined.writeBuffer(&rest)
    return joined
}
