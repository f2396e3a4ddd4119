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
        default: kind = Self.libcurlDrops.contains { nsError.localizedDescription.lowercased().contains($0) } ? .connectionLost : .other
        }
        self.init(kind: kind, url: url, detail: nsError.localizedDescription, code: code)
    }

    /// On Linux a connection closed mid-body arrives as "unknown" with libcurl's own message.
    private static let libcurlDrops = ["transfer closed with", "connection reset", "recv failure", "empty reply from server"]

    public var description: String {
        let place = url.map { Self.hostDescription($0) } ?? "the server"
        switch kind {
        case .connectionRefused: return "Could not connect to \(place): the connection was refused."
        case .connectionLost: return "The connection to \(place) was lost before the response was complete."
        case .hostNotFound: return "The host of \(url?.absoluteString ?? "the URL") could not be found."
        case .secureConnectionFailed: return "A secure connection to \(place) could not be made (\(detail))."
        case .timedOut: return "\(place) did not answer in time."
        case .cancelled: return "The request to \(place) was cancelled."
        case .tooManyRedirects: return "\(place) redirected too many times."
        case .other: return "The request to \(place) failed: \(detail)."
        }
    }

    private static func hostDescription(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
