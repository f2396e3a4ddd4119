import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `Transport` on swift-server's AsyncHTTPClient (SwiftNIO), for when URLSession on Linux is the
/// bottleneck. One line switches an endpoint over:
///
/// ```swift
/// let transport = AsyncHTTPClientTransport()
/// let endpoint = Endpoint(baseUrl: url, transport: transport)
/// // …
/// try await transport.shutdown()
/// ```
///
/// Bodies stream both ways with backpressure: uploads from files are read as they are sent, and
/// responses are read only as fast as they are consumed, so memory stays flat for any size.
public final class AsyncHTTPClientTransport: Transport {
    private let clients: ProxyClients
    /// Whether redirects are followed (up to 20, only to http and https URLs); when not, the 3xx
    /// response is the answer.
    public let followsRedirects: Bool
    /// Whether `Authorization`, `Proxy-Authorization` and `Cookie` follow a redirect to another
    /// scheme, host or port; by default they stay behind, as curl does without `--location-trusted`.
    public let trustsRedirects: Bool
    /// Where bodies too large for memory go, if anywhere (`send` only: `stream` and `download`
    /// never hold a body).
    public let spooling: ResponseSpooling?
    /// The largest response body accepted, in bytes after decompression; past it the transfer
    /// stops with `TransportError.Kind.responseTooLarge`. Nil accepts any size.
    public let maximumBodySize: Int?
    /// The proxies requests go through, by scheme, and the hosts reached directly.
    public let proxies: ProxySettings

    /// Decompression is on and `Accept-Encoding: gzip, deflate` is added; redirects turn POST into
    /// GET after 301/302/303 and everything but HEAD into GET after 303, and repeat any other
    /// method with its body, as AsyncHTTPClient itself does (measured in `RedirectExportTests`).
    /// Made once: every request's debug record holds it.
    public let behaviour: TransportBehaviour

    /// Creates a transport with its own clients; call `shutdown()` when done with it.
    /// - Parameters:
    ///   - followsRedirects: Whether to follow redirects (only to http and https URLs).
    ///   - trustsRedirects: Whether credentials follow a redirect to another scheme, host or port.
    ///   - spooling: When set, bodies past its threshold are written to a file as they arrive and
    ///     come back memory-mapped, the file already unlinked (`ResponseSpooling`).
    ///   - maximumBodySize: The largest response body accepted, decoded; it also bounds what
    ///     the decompressor may inflate. Nil for any size.
    ///   - tlsConfiguration: How servers' certificates are checked and which certificate is
    ///     shown; nil for the system's authorities and none.
    ///   - proxies: The proxies requests go through; `.direct` for none. The process
    ///     environment is not read here: `ProxySettings.environment(_:)` reads it, as curl does.
    ///   - http1Only: Never negotiate HTTP/2 (curl's `--http1.1`); by default HTTP/2 is used
    ///     where a server offers it during the TLS handshake.
    public init(followsRedirects: Bool = true, trustsRedirects: Bool = false, spooling: ResponseSpooling? = nil,
                maximumBodySize: Int? = nil, tlsConfiguration: TLSConfiguration? = nil, proxies: ProxySettings = .direct,
                http1Only: Bool = false) {
        self.followsRedirects = followsRedirects
        self.trustsRedirects = trustsRedirects
        self.spooling = spooling
        self.maximumBodySize = maximumBodySize
        self.proxies = proxies
        behaviour = TransportBehaviour(followsRedirects: followsRedirects, trustsRedirects: trustsRedirects, decompresses: true,
                                       everyMethodBecomesGetOn: [303], keepsBodyOn: [301, 302, 307, 308])
        clients = ProxyClients(configuration: Self.configuration(tlsConfiguration: tlsConfiguration, maximumBodySize: maximumBodySize,
                                                                 http1Only: http1Only),
                               proxies: proxies)
    }

    /// The configuration of the transport's clients (their proxy aside); `courier-bench` gives it
    /// to a plain `HTTPClient` too, so the two are compared on the same settings.
    package static func configuration(tlsConfiguration: TLSConfiguration?, maximumBodySize: Int?,
                                      http1Only: Bool = false) -> HTTPClient.Configuration {
        // Redirects are followed here rather than by the client, so the Location is judged as sent
        // and credentials are dropped by the same rules as URLSession's (`RedirectRules`).
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tlsConfiguration,
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(60)),
            decompression: .enabled(limit: maximumBodySize.map { .size($0) } ?? .none))
        configuration.httpVersion = http1Only ? .http1Only : .automatic
        // A refused connection is reported at once, as URLSession does, instead of being retried
        // until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// Creates a transport that checks certificates and goes through proxies as `tls` and
    /// `proxies` say (curl's `-k`, `--cacert`, `--cert`, `--key`, `-x`, `--noproxy`).
    /// - Parameters:
    ///   - followsRedirects: Whether to follow redirects (only to http and https URLs).
    ///   - trustsRedirects: Whether credentials follow a redirect to another scheme, host or port.
    ///   - spooling: Where bodies too large for memory go, if anywhere.
    ///   - maximumBodySize: The largest response body accepted, decoded; nil for any size.
    ///   - tls: Certificate checks and the client certificate, as PEM paths.
    ///   - proxies: The proxies requests go through.
    ///   - http1Only: Never negotiate HTTP/2 (curl's `--http1.1`).
    /// - Throws: `TLSSettingsError` naming a PEM file that is missing or unreadable.
    public convenience init(followsRedirects: Bool = true, trustsRedirects: Bool = false, spooling: ResponseSpooling? = nil,
                            maximumBodySize: Int? = nil, tls: TLSSettings, proxies: ProxySettings = .direct,
                            http1Only: Bool = false) throws(TLSSettingsError) {
        self.init(followsRedirects: followsRedirects, trustsRedirects: trustsRedirects, spooling: spooling, maximumBodySize: maximumBodySize,
                  tlsConfiguration: try TLSLoading.configuration(for: tls), proxies: proxies, http1Only: http1Only)
    }

    /// Closes the client's connections; the transport cannot send afterwards.
    public func shutdown() async throws {
        try await clients.shutdown()
    }

    public func send(_ request: URLRequest, body: Data?,
                     progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse {
        try await send(request, transferBody: body.map(TransferBody.data), progress: progress)
    }

    public func send(_ request: URLRequest, transferBody: TransferBody?,
                     progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse {
        try await capture(request) {
            let (head, response, meter) = try await self.execute(request, body: transferBody, progress: progress)
            var body = ResponseBodyCollector(spooling: self.spooling, limit: self.maximumBodySize, url: head.url)
            do {
                for try await chunk in response.body {
                    try body.append(Data(chunk.readableBytesView))
                    meter.received(chunk.readableBytes)
                }
                return TransportResponse(response: head, data: try body.finish())
            } catch {
                body.discard()
                throw error
            }
        }
    }

    public func stream(_ request: URLRequest, transferBody: TransferBody?,
                       progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> StreamedResponse {
        try await capture(request) {
            let (head, response, meter) = try await self.execute(request, body: transferBody, progress: progress)
            let chunks = ChunkIterator(response.body.makeAsyncIterator(), limit: self.maximumBodySize, url: head.url)
            // Pulled on demand, so the network is read only as fast as the consumer reads.
            let body = AsyncThrowingStream<Data, any Error> {
                guard let chunk = try await chunks.next() else { return nil }
                meter.received(chunk.readableBytes)
                return Data(chunk.readableBytesView)
            }
            return StreamedResponse(response: head, body: body)
        }
    }

    public func download(_ request: URLRequest, to destination: URL,
                         progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> HTTPURLResponse {
        try await capture(request) {
            let (head, response, meter) = try await self.execute(request, body: nil, progress: progress)
            guard FileManager.default.createFile(atPath: destination.path, contents: nil),
                  let file = FileHandle(forWritingAtPath: destination.path) else {
                throw TransportError(kind: .other, url: request.url, detail: "the download could not be written to \(destination.path)")
            }
            defer { try? file.close() }
            var written = 0
            for try await chunk in response.body {
                written += chunk.readableBytes
                if let limit = self.maximumBodySize, written > limit { throw TransportError.responseTooLarge(url: head.url, limit: limit) }
                try file.write(contentsOf: Data(chunk.readableBytesView))
                meter.received(chunk.readableBytes)
            }
            return head
        }
    }

    // MARK: - Requests and responses

    /// Sends `request` and follows its redirects; returns at the first response that is not one
    /// to follow, its body still to read.
    private func execute(_ request: URLRequest, body: TransferBody?, progress: (@Sendable (TransferProgress) -> Void)?)
        async throws -> (HTTPURLResponse, HTTPClientResponse, ProgressMeter) {
        let meter = ProgressMeter(toSend: body.map(\.length), report: progress)
        var exchange = RedirectStep(request: request, body: body)
        let cookies = RedirectCookies.jar
        for _ in 0...Self.maximumRedirects {
            guard let url = exchange.request.url else { throw TransportError(kind: .other, url: nil, detail: "the request has no URL") }
            let response = try await clients.client(for: url).execute(Self.outgoing(exchange, url: url, meter: meter), timeout: .hours(24))
            let code = Int(response.status.code)
            // An unread redirect body is dropped with its response: AsyncHTTPClient closes that connection.
            guard followsRedirects, RedirectStep.codes.contains(code), let location = response.headers.first(name: "Location") else {
                return (try Self.head(of: response, url: url, meter: meter), response, meter)
            }
            let target = try RedirectRules.target(of: location, from: url)
            let previous = exchange.request
            exchange = exchange.following(code, to: target, behaviour: behaviour)
            exchange.request = RedirectCookies.following(exchange.request, from: previous, setting: response.headers["Set-Cookie"], in: cookies)
        }
        throw TransportError(kind: .tooManyRedirects, url: exchange.request.url, detail: "more than \(Self.maximumRedirects) redirects")
    }

    /// Redirects followed before giving up, as browsers and curl do.
    static let maximumRedirects = 20

    private static func outgoing(_ exchange: RedirectStep, url: URL, meter: ProgressMeter) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: exchange.request.httpMethod ?? "GET")
        for (name, value) in exchange.request.allHTTPHeaderFields ?? [:] where name.lowercased() != "content-length" {
            outgoing.headers.add(name: name, value: value)
        }
        if !outgoing.headers.contains(name: "Accept-Encoding") { outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate") }
        switch exchange.body {
        case .data(let data)?: outgoing.body = .bytes(ByteBuffer(bytes: data))
        case .file(let file, let length)?: outgoing.body = .stream(FileChunks(url: file, meter: meter), length: .known(length))
        case nil: break
        }
        return outgoing
    }

    private static func head(of response: HTTPClientResponse, url: URL, meter: ProgressMeter) throws -> HTTPURLResponse {
        if meter.reports {
            meter.headArrived(length: response.headers.first(name: "Content-Length").flatMap(Int64.init),
                              encoded: response.headers.first(name: "Content-Encoding").map { $0.lowercased() != "identity" } ?? false)
        }
        var fields: [String: String] = [:]
        fields.reserveCapacity(response.headers.count)
        for (name, value) in response.headers { fields[name] = fields[name].map { "\($0), \(value)" } ?? value }
        guard let head = HTTPURLResponse(url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1", headerFields: fields) else {
            throw TransportError(kind: .other, url: url, detail: "the response head could not be read")
        }
        return head
    }

    /// Runs `work`, turning whatever it throws into a classified `TransportError`.
    private func capture<T>(_ request: URLRequest, _ work: () async throws -> T) async throws(TransportError) -> T {
        if Task.isCancelled { throw TransportError(kind: .cancelled, url: request.url, detail: "cancelled before sending") }
        do {
            return try await work()
        } catch {
            throw ErrorClassification.transportError(error, url: request.url, limit: maximumBodySize)
        }
    }
}
