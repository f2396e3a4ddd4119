import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

/// Sorts the errors AsyncHTTPClient and SwiftNIO throw into the kinds Courier reports as
/// sentences, by their types and values: never by the words of their descriptions, which the
/// libraries are free to change.
enum ErrorClassification {
    /// The error as a `TransportError` (one already is stays as it is); its description stays as
    /// the detail. `limit` is the transport's body-size limit, which the decompressor enforces too.
    static func transportError(_ error: any Error, url: URL?, limit: Int? = nil) -> TransportError {
        if let error = error as? TransportError { return error }
        if let limit, case NIOHTTPDecompression.DecompressionError.limit = error { return .responseTooLarge(url: url, limit: limit) }
        return TransportError(kind: Task.isCancelled ? .cancelled : kind(of: error), url: url, detail: String(describing: error))
    }

    static func kind(of error: any Error) -> TransportError.Kind {
        switch error {
        case is CancellationError: return .cancelled
        case let error as HTTPClientError: return kind(of: error)
        case let error as NIOConnectionError: return kind(of: error)
        case let error as IOError: return kind(ofErrno: error.errnoCode)
        case is SocketAddressError, is SocketAddressError.UnknownHost: return .hostNotFound
        case let error as ChannelError: return kind(of: error)
        case HTTPParserError.invalidEOFState: return .connectionLost
        case HTTPParserError.headerOverflow: return .responseHeadTooLarge
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError: return .secureConnectionFailed
        default: return .other
        }
    }

    private static func kind(of error: HTTPClientError) -> TransportError.Kind {
        switch error {
        case .cancelled, .requestStreamCancelled: return .cancelled
        case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout: return .timedOut
        case .remoteConnectionClosed: return .connectionLost
        case .redirectLimitReached, .redirectCycleDetected: return .tooManyRedirects
        case .tlsHandshakeTimeout: return .secureConnectionFailed
        default: return .other
        }
    }

    /// Every attempt failed: the first connection error says why, or the DNS lookups when no
    /// address was found to connect to.
    private static func kind(of error: NIOConnectionError) -> TransportError.Kind {
        if let first = error.connectionErrors.first { return kind(of: first.error) }
        return error.dnsAError != nil || error.dnsAAAAError != nil ? .hostNotFound : .other
    }

    private static func kind(of error: ChannelError) -> TransportError.Kind {
        switch error {
        case .connectTimeout: return .timedOut
        case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: return .connectionLost
        default: return .other
        }
    }

    private static func kind(ofErrno code: CInt) -> TransportError.Kind {
        switch code {
        case ECONNREFUSED: return .connectionRefused
        case ECONNRESET, EPIPE, ECONNABORTED: return .connectionLost
        case ETIMEDOUT: return .timedOut
        case EHOSTUNREACH, ENETUNREACH: return .connectionRefused
        default: return .other
        }
    }
}
