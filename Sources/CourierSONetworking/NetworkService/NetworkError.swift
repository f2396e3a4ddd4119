import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a network request failed. An answer with a 4xx or 5xx status is a failure
/// (`.error(statusCode:data:)`), never a success.
public enum NetworkError: Error {
    /// The server answered with an error status; `data` is its body.
    case error(statusCode: Int, data: Data?)
    /// There is no network.
    case notConnected
    /// The request was cancelled.
    case cancelled
    /// Any other failure: refused or dropped connections, timeouts, TLS, an adapter that threw.
    case generic(Error)
    /// The endpoint and the configuration do not make a request (see `RequestGenerationError`).
    case urlGeneration
}

extension NetworkError {
    /// Whether the server answered 404.
    public var isNotFoundError: Bool { hasStatusCode(404) }

    /// Whether the server answered with `codeError`.
    public func hasStatusCode(_ codeError: Int) -> Bool {
        if case .error(let code, _) = self { return code == codeError }
        return false
    }
}

extension NetworkError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .error(let code, let data):
            let reason = HTTPURLResponse.localizedString(forStatusCode: code)
            let status = reason.isEmpty ? "\(code)" : "\(code) \(reason.capitalized)"
            let body = data.map { String(decoding: $0.prefix(200), as: UTF8.self) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return body.isEmpty ? "The server answered \(status)." : "The server answered \(status): \(body)"
        case .notConnected: return "There is no network connection."
        case .cancelled: return "The request was cancelled."
        case .generic(let error): return "\(error)"
        case .urlGeneration: return "The endpoint and the network configuration do not form a valid request."
        }
    }
}
