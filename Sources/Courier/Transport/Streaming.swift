import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a request carries: bytes in memory, or a file read as it is sent (large uploads).
public enum TransferBody: Sendable {
    case data(Data)
    /// A file of exactly `length` bytes, sent with that `Content-Length`.
    case file(URL, length: Int64)

    var length: Int64 {
        switch self {
        case .data(let data): return Int64(data.count)
        case .file(_, let length): return length
        }
    }
}

/// A response whose head has arrived and whose body streams in. URLSession on Linux has no
/// `bytes(for:)`; this is Courier's.
public struct StreamedResponse: Sendable {
    public let response: HTTPURLResponse
    /// The body in the chunks the network delivers them; ends with an error if the transfer fails.
    /// Stopping the iteration cancels the transfer.
    public let body: AsyncThrowingStream<Data, any Error>

    public init(response: HTTPURLResponse, body: AsyncThrowingStream<Data, any Error>) {
        self.response = response
        self.body = body
    }
}

/// Transports that can send a body from a file and stream a response. The defaults read the file
/// into memory and deliver the body as one chunk, so any `Transport` works; `URLSessionTransport`
/// streams both ways.
public protocol StreamingTransport: Transport {
    /// Sends `body` (a file is read as it goes) and returns the complete response.
    func send(_ request: URLRequest, transferBody: TransferBody?,
              progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse
    /// Sends and returns once the response head is known; the body follows as a stream.
    func stream(_ request: URLRequest, transferBody: TransferBody?,
                progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> StreamedResponse
    /// Downloads the response body into the file at `destination` (replacing it) and returns the response.
    func download(_ request: URLRequest, to destination: URL,
                  progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> HTTPURLResponse
}

extension Transport {
    /// Any transport can take a transfer body: a file is read into memory first.
    func send(_ request: URLRequest, transferBody: TransferBody?,
              progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse {
        if let streaming = self as? any StreamingTransport {
            return try await streaming.send(request, transferBody: transferBody, progress: progress)
        }
        return try await send(request, body: try TransferBodyReader.data(of: transferBody, url: request.url), progress: progress)
    }

    /// Any transport can download to a file: one that cannot stream writes the body it received.
    func download(_ request: URLRequest, to destination: URL,
                  progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> HTTPURLResponse {
        if let streaming = self as? any StreamingTransport {
            return try await streaming.download(request, to: destination, progress: progress)
        }
        let response = try await send(request, transferBody: nil, progress: progress)
        do {
            try response.data.write(to: destination, options: .atomic)
        } catch {
            throw TransportError(kind: .other, url: request.url, detail: "the download could not be written to \(destination.path)")
        }
        return response.response
    }

    /// Any transport can stream: one that cannot delivers the whole body as one chunk.
    func stream(_ request: URLRequest, transferBody: TransferBody?,
                progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> StreamedResponse {
        if let streaming = self as? any StreamingTransport {
            return try await streaming.stream(request, transferBody: transferBody, progress: progress)
        }
        let response = try await send(request, transferBody: transferBody, progress: progress)
        let data = response.data
        return StreamedResponse(response: response.response, body: AsyncThrowingStream { continuation in
            if !data.isEmpty { continuation.yield(data) }
            continuation.finish()
        })
    }
}

enum TransferBodyReader {
    static func data(of body: TransferBody?, url: URL?) throws(TransportError) -> Data? {
        switch body {
        case nil: return nil
        case .data(let data)?: return data
        case .file(let file, _)?:
            do {
                return try Data(contentsOf: file)
            } catch {
                throw TransportError(kind: .other, url: url, detail: "the body file \(file.path) could not be read")
            }
        }
    }
}
