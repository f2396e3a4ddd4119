import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOHTTP1
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
    private let client: HTTPClient
    /// Whether redirects are followed (up to 20); when not, the 3xx response is the answer.
    public let followsRedirects: Bool

    /// Decompression is on and `Accept-Encoding: gzip, deflate` is added; AsyncHTTPClient turns
    /// POST into GET after 301/302/303 and everything but HEAD into GET after 303, and repeats
    /// any other method with its body (measured in `RedirectExportTests`).
    public var behaviour: TransportBehaviour {
        TransportBehaviour(followsRedirects: followsRedirects, decompresses: true, everyMethodBecomesGetOn: [303],
                           keepsBodyOn: [301, 302, 307, 308])
    }

    /// Creates a transport with its own client; call `shutdown()` when done with it.
    public init(followsRedirects: Bool = true) {
        self.followsRedirects = followsRedirects
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: followsRedirects ? .follow(max: 20, allowCycles: false) : .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(60)),
            decompression: .enabled(limit: .none))
        configuration.httpVersion = .automatic
        // A refused connection is reported at once, as URLSession does, instead of being retried
        // until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Closes the client's connections; the transport cannot send afterwards.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    public func send(_ request: URLRequest, body: Data?,
                     progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse {
        try await send(request, transferBody: body.map(TransferBody.data), progress: progress)
    }

    public func send(_ request: URLRequest, transferBody: TransferBody?,
                     progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse {
        try await capture(request) {
            let (head, response, meter) = try await self.execute(request, body: transferBody, progress: progress)
            var data = Data()
            for try await chunk in response.body {
                data.append(contentsOf: chunk.readableBytesView)
                meter.received(chunk.readableBytes)
            }
            return TransportResponse(response: head, data: data)
        }
    }

    public func stream(_ request: URLRequest, transferBody: TransferBody?,
                       progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> StreamedResponse {
        try await capture(request) {
            let (head, response, meter) = try await self.execute(request, body: transferBody, progress: progress)
            let chunks = ChunkIterator(response.body.makeAsyncIterator())
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
            for try await chunk in response.body {
                try file.write(contentsOf: Data(chunk.readableBytesView))
                meter.received(chunk.readableBytes)
            }
            return head
        }
    }

    // MARK: - Requests and responses

    private func execute(_ request: URLRequest, body: TransferBody?, progress: (@Sendable (TransferProgress) -> Void)?)
        async throws -> (HTTPURLResponse, HTTPClientResponse, ProgressMeter) {
        guard let url = request.url else { throw TransportError(kind: .other, url: nil, detail: "the request has no URL") }
        let meter = ProgressMeter(toSend: body.map(Self.length), report: progress)
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] where name.lowercased() != "content-length" {
            outgoing.headers.add(name: name, value: value)
        }
        if !outgoing.headers.contains(name: "Accept-Encoding") { outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate") }
        switch body {
        case .data(let data)?: outgoing.body = .bytes(ByteBuffer(bytes: data))
        case .file(let file, let length)?: outgoing.body = .stream(FileChunks(url: file, meter: meter), length: .known(length))
        case nil: break
        }
        let response = try await client.execute(outgoing, timeout: .hours(24))
        meter.headArrived(length: response.headers.first(name: "Content-Length").flatMap(Int64.init),
                          encoded: response.headers.first(name: "Content-Encoding").map { $0.lowercased() != "identity" } ?? false)
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name] = fields[name].map { "\($0), \(value)" } ?? value }
        guard let head = HTTPURLResponse(url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1", headerFields: fields) else {
            throw TransportError(kind: .other, url: url, detail: "the response head could not be read")
        }
        return (head, response, meter)
    }

    private static func length(_ body: TransferBody) -> Int64 {
        switch body {
        case .data(let data): return Int64(data.count)
        case .file(_, let length): return length
        }
    }

    /// Runs `work`, turning whatever it throws into a classified `TransportError`.
    private func capture<T>(_ request: URLRequest, _ work: () async throws -> T) async throws(TransportError) -> T {
        if Task.isCancelled { throw TransportError(kind: .cancelled, url: request.url, detail: "cancelled before sending") }
        do {
            return try await work()
        } catch let error as TransportError {
            throw error
        } catch {
            throw ErrorClassification.transportError(error, url: request.url)
        }
    }
}
