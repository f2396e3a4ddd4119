import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a request carries: bytes in memory, or a file read as it is sent (large uploads).
public enum TransferBody: Sendable {
    case data(Data)
    /// A file of exactly `length` bytes, sent with that `Content-Length`.
    case file(URL, length: Int64)

    package var length: Int64 {
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

/// The name streaming transports conformed to before streaming and downloading became
/// requirements of `Transport` (with defaults, so every transport has them).
@available(*, deprecated, renamed: "Transport")
public typealias StreamingTransport = Transport

/// The defaults: any transport can take a file body, stream and download, by way of memory.
extension Transport {
    public func send(_ request: URLRequest, transferBody: TransferBody?,
                     progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse {
        try await send(request, body: try TransferBodyReader.data(of: transferBody, url: request.url), progress: progress)
    }

    public func download(_ request: URLRequest, to destination: URL,
                         progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> HTTPURLResponse {
        let response = try await send(request, transferBody: nil, progress: progress)
        do {
            try response.data.write(to: destination, options: .atomic)
        } catch {
            throw TransportError(kind: .other, url: request.url, detail: "the download could not be written to \(destination.path)")
        }
        return response.response
    }

    public func stream(_ request: URLRequest, transferBody: TransferBody?,
                       progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> StreamedResponse {
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
