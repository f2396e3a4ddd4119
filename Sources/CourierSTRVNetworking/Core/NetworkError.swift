import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request failed at the HTTP level.
public enum NetworkError: Error, CustomStringConvertible {
    /// The server answered with a status the endpoint does not accept.
    case unacceptableStatusCode(statusCode: HTTPStatusCode, acceptedStatusCodes: Range<HTTPStatusCode>, response: Response)
    /// The response was not an HTTP response.
    case noStatusCode(response: Response)

    /// The status the server answered with, if any.
    public var statusCode: HTTPStatusCode? {
        if case .unacceptableStatusCode(let status, _, _) = self { return status }
        return nil
    }

    public var description: String {
        switch self {
        case .unacceptableStatusCode(let status, let accepted, let response):
            let reason = HTTPURLResponse.localizedString(forStatusCode: status)
            let body = String(decoding: response.data.prefix(200), as: UTF8.self)
            return "The server answered \(status) \(reason), outside the accepted \(accepted.lowerBound)..<\(accepted.upperBound)"
                + (body.isEmpty ? "." : ": \(body)")
        case .noStatusCode(let response):
            return "The response from \(response.response.url?.absoluteString ?? "the server") has no HTTP status."
        }
    }
}

extension NetworkError {
    /// The error a failed attempt stands for, as the retry handler sees it.
    static func failure(of context: RetryContext, accepting acceptable: Range<HTTPStatusCode>) -> any Error {
        if let response = context.response {
            return NetworkError.unacceptableStatusCode(statusCode: response.statusCode, acceptedStatusCodes: acceptable,
                                                       response: (context.body ?? Data(), response))
        }
        return context.error.map(URLError.init(transportError:)) ?? URLError(.unknown)
    }
}

extension URLError {
    /// The `URLError` a transport failure stands for, as URLSession would have thrown it.
    init(transportError error: TransportError) {
        let code: URLError.Code = switch error.kind {
        case .connectionRefused: .cannotConnectToHost
        case .connectionLost: .networkConnectionLost
        case .hostNotFound: .cannotFindHost
        case .secureConnectionFailed: .secureConnectionFailed
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .tooManyRedirects: .httpTooManyRedirects
        case .responseTooLarge: .dataLengthExceedsMaximum
        case .redirectRefused: .redirectToNonExistentLocation
        case .responseHeadTooLarge: .badServerResponse
        case .other: .unknown
        }
        var info: [String: Any] = [NSLocalizedDescriptionKey: error.description]
        if let url = error.url { info[NSURLErrorFailingURLErrorKey] = url }
        self.init(code, userInfo: info)
    }
}
