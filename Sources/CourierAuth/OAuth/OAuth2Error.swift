import Foundation

/// Why no access token could be had. Each case says what went wrong and where as a sentence.
public enum OAuth2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with an OAuth error (`invalid_grant`, `access_denied`…) or a non-2xx status.
    case refused(url: URL, status: Int, code: String?, message: String?)
    /// The server answered 2xx but not with what the protocol asks for.
    case unreadableResponse(url: URL, status: Int, missing: String)
    /// No answer came back.
    case unreachable(url: URL, reason: String)
    /// The grant needs an endpoint the configuration does not name.
    case missingEndpoint(grant: String, key: String)
    /// The device code expired before the user approved.
    case deviceCodeExpired(url: URL)
    /// The browser's redirect was not the answer to this client's request.
    case redirectRejected(reason: String)
    /// The redirect listener could not be opened.
    case listenerFailed(reason: String)

    public var description: String {
        switch self {
        case .refused(let url, let status, let code, let message):
            let detail = [code, message].compactMap { $0 }.joined(separator: ": ")
            return "The OAuth server at \(url.absoluteString) refused the request (\(status)\(detail.isEmpty ? "" : ", \(detail)"))."
        case .unreadableResponse(let url, let status, let missing):
            return "The OAuth server at \(url.absoluteString) answered \(status) without \(missing)."
        case .unreachable(let url, let reason):
            return "The OAuth server at \(url.absoluteString) could not be reached: \(reason)"
        case .missingEndpoint(let grant, let key):
            return "The OAuth grant \(grant) needs \(key)."
        case .deviceCodeExpired(let url):
            return "The device code from \(url.absoluteString) expired before the sign-in was approved."
        case .redirectRejected(let reason):
            return "The authorization redirect was rejected: \(reason)."
        case .listenerFailed(let reason):
            return "The loopback listener for the authorization redirect could not start: \(reason)."
        }
    }
}
