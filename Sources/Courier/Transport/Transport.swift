import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What moves bytes for Courier. `URLSessionTransport` is the default; tests inject fakes and
/// other HTTP clients plug in here without touching request code.
public protocol Transport: Sendable {
    /// Sends one request and returns the complete response.
    /// - Parameters:
    ///   - request: Method, URL and headers to send; its `httpBody` is ignored.
    ///   - body: The body bytes, if any.
    ///   - progress: Called as bytes go out and come in, on any thread; nil when nobody observes
    ///     progress, so the transport may pick a cheaper path.
    /// - Returns: The final response (after redirects) and its body.
    /// - Throws: `TransportError`; `.cancelled` when the calling `Task` is cancelled.
    func send(
        _ request: URLRequest,
        body: Data?,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(TransportError) -> TransportResponse

    /// Sends `transferBody` (a file is read as it goes) and returns the complete response.
    /// The default reads a file body into memory and calls `send(_:body:progress:)`.
    /// - Throws: `TransportError`; `.cancelled` when the calling `Task` is cancelled.
    func send(
        _ request: URLRequest,
        transferBody: TransferBody?,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(TransportError) -> TransportResponse

    /// Sends and returns once the response head is known; the body follows as a stream. The
    /// default sends the whole exchange and delivers the body as one chunk.
    /// - Throws: `TransportError`; `.cancelled` when the calling `Task` is cancelled.
    func stream(
        _ request: URLRequest,
        transferBody: TransferBody?,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(TransportError) -> StreamedResponse

    /// Downloads the response body into the file at `destination` (replacing it) and returns the
    /// response. The default writes the body it received in memory.
    /// - Throws: `TransportError`; `.cancelled` when the calling `Task` is cancelled.
    func download(
        _ request: URLRequest,
        to destination: URL,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(TransportError) -> HTTPURLResponse

    /// What the transport does by itself (redirects, decompression), so a cURL export can do the
    /// same; plain curl's behaviour unless the transport says otherwise.
    var behaviour: TransportBehaviour { get }
}

extension Transport {
    /// Plain curl's behaviour: a transport that does more says so.
    public var behaviour: TransportBehaviour { TransportBehaviour() }
}

/// A complete response as a transport delivers it.
public struct TransportResponse: Sendable {
    public let response: HTTPURLResponse
    public let data: Data

    public init(response: HTTPURLResponse, data: Data) {
        self.response = response
        self.data = data
    }
}

/// Bytes moved so far in each direction; totals are nil when unknown
/// (chunked or compressed responses).
public struct TransferProgress: Sendable, Equatable {
    public var bytesSent: Int64 = 0
    public var totalBytesToSend: Int64?
    public var bytesReceived: Int64 = 0
    public var totalBytesToReceive: Int64?

    public init(bytesSent: Int64 = 0, totalBytesToSend: Int64? = nil, bytesReceived: Int64 = 0, totalBytesToReceive: Int64? = nil) {
        self.bytesSent = bytesSent
        self.totalBytesToSend = totalBytesToSend
        self.bytesReceived = bytesReceived
        self.totalBytesToReceive = totalBytesToReceive
    }

    /// The share of all bytes moved in both directions, when the totals are known. Before the
    /// response head arrives only the upload is known; it then counts up to 0.99, since the
    /// response is still to come.
    public var fractionCompleted: Double? {
        switch (totalBytesToSend, totalBytesToReceive) {
        case (let send?, let receive?) where send + receive > 0:
            return min(1, Double(bytesSent + bytesReceived) / Double(send + receive))
        case (nil, let receive?) where receive > 0:
            return min(1, Double(bytesReceived) / Double(receive))
        case (let send?, nil) where send > 0 && bytesReceived == 0:
            return Double(bytesSent) / Double(send) * 0.99
        default:
            return nil
        }
    }
}
