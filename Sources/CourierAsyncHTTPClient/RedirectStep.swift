import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request of a redirect chain and what the next redirect makes of it: the method and body
/// as the transport's `TransportBehaviour` says, credentials as `RedirectRules` say.
struct RedirectStep {
    /// The statuses that redirect.
    static let codes: Set<Int> = [301, 302, 303, 307, 308]

    var request: URLRequest
    var body: TransferBody?

    /// The request sent on after a `code` redirect to `target`.
    func following(_ code: Int, to target: URL, behaviour: TransportBehaviour) -> RedirectStep {
        var next = RedirectRules.redirected(request, from: request.url, to: target, trusted: behaviour.trustsRedirects)
        var body = self.body
        switch behaviour.outcome(of: code, for: Courier.HTTPMethod(rawValue: request.httpMethod ?? "GET")) {
        case .get:
            next.httpMethod = "GET"
            body = nil
        case .sameMethodWithoutBody:
            body = nil
        case .sameMethodAndBody:
            break
        }
        if body == nil {
            // Headers that described the body no longer describe anything.
            for name in ["Content-Type", "Content-Length", "Transfer-Encoding"] { next.setValue(nil, forHTTPHeaderField: name) }
        }
        return RedirectStep(request: next, body: body)
    }
}
