import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension DebugInfo {
    /// The `Set-Cookie` headers of the final response that the jar refused, each with the rule it
    /// broke (a cookie for another domain, say), so the Debug record can say why a cookie is missing.
    public var rejectedCookies: [CookieRejection] {
        guard let response = urlResponse, let url = response.url else { return [] }
        return CookieJar.setCookieHeaders(of: response).compactMap { header in
            if case .reject(let rejection) = SetCookie.parse(header, from: url) { return rejection }
            return nil
        }
    }
}
