import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failure below HTTP, classified so callers can react and users can read it.
public struct TransportError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case connectionRefused
        case connectionLost
        case hostNotFound
        case secureConnectionFailed
        case timedOut
        case cancelled
        case tooManyRedirects
        /// The response body grew past the transport's `maximumBodySize` (counted after
        /// decompression); `detail` holds the limit in bytes.
        case responseTooLarge
        /// A redirect pointed at something other than an http or https URL; `detail` holds the
        /// `Location` as the server sent it.
        case redirectRefused
        /// The response head could not be read because a header line (or the whole head) was
        /// larger than the client accepts.
        case responseHeadTooLarge
        case other
    }

    public let kind: Kind
    /// The URL that was being fetched.
    public let url: URL?
    /// The underlying error's own description.
    public let detail: String
    /// The `URLError` code when the error came from URLSession.
    public let code: Int?

    public init(kind: Kind, url: URL?, detail: String, code: Int? = nil) {
        self.kind = kind
        self.url = url
        self.detail = detail
        self.code = code
    }

    /// Classifies an error reported by URLSession.
    public init(_ error: any Error, url: URL?) {
        let nsError = error as NSError
        let code = nsError.domain == NSURLErrorDomain ? nsError.code : nil
        let kind: Kind
        switch code.map(URLError.Code.init(rawValue:)) {
        case .cannotConnectToHost?: kind = .connectionRefused
        case .networkConnectionLost?, .notConnectedToInternet?: kind = .connectionLost
        case .cannotFindHost?, .dnsLookupFailed?: kind = .hostNotFound
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
             .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?, .clientCertificateRejected?:
            kind = .secureConnectionFailed
        case .timedOut?: kind = .timedOut
        case .cancelled?: kind = .cancelled
        case .httpTooManyRedirects?: kind = .tooManyRedirects
        default: kind = Self.libcurlKind(of: nsError.localizedDescription)
        }
        self.init(kind: kind, url: url, detail: nsError.localizedDescription, code: code)
    }

    /// On Linux a connection closed mid-body arrives as "unknown" with libcurl's own message.
    private static let libcurlDrops = ["transfer closed with", "connection reset", "recv failure", "empty reply from server"]

    /// The kind of an error FoundationNetworking passes on from libcurl as "unknown": only its
    /// message tells them apart. libcurl answers a header line longer than it buffers
    /// (`CURL_MAX_HTTP_HEADER`, 100 KB) with `CURLE_OUT_OF_MEMORY`, "Out of memory".
    private static func libcurlKind(of message: String) -> Kind {
        let message = message.lowercased()
        if libcurlDrops.contains(where: message.contains) { return .connectionLost }
        return message.contains("out of memory") ? .responseHeadTooLarge : .other
    }

    /// The body of the response to `url` grew past `limit` bytes.
    package static func responseTooLarge(url: URL?, limit: Int) -> TransportError {
        TransportError(kind: .responseTooLarge, url: url, detail: String(limit))
    }

    public var description: String {
        let place = url.map { Self.hostDescription($0) } ?? "the server"
        switch kind {
        case .connectionRefused: return "Could not connect to \(place): the connection was refused."
        case .connectionLost: return "The connection to \(place) was lost before the response was complete."
        case .hostNotFound: return "The host of \(url?.absoluteString ?? "the URL") could not be found."
        case .secureConnectionFailed:
            return "A secure connection to \(place) could not be made (\(detail)). Its certificate may be self-signed or from an " +
                "authority not trusted here (trust that authority's PEM bundle, or turn certificate checks off for a test server), " +
                "or it may want a client certificate."
        case .timedOut: return "\(place) did not answer in time."
        case .cancelled: return "The request to \(place) was cancelled."
        case .tooManyRedirects: return "\(place) redirected too many times."
        case .responseTooLarge:
            return "The response from \(place) was stopped: its body grew past the size limit of \(detail) bytes (counted after decompression)."
        case .redirectRefused:
            return "\(place) redirected to \(detail), which is not an http or https URL; the redirect was not followed."
        case .responseHeadTooLarge:
            return "The response from \(place) was stopped: its headers are too large to read (a header line over 100 KB, or a head over 80 KB)."
        case .other: return "The request to \(place) failed: \(detail)."
        }
    }

    private static func hostDescription(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
