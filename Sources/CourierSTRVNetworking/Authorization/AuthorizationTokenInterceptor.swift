import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Authorizes requests whose endpoint says `isAuthenticationRequired`, refreshes an expired
/// token first, and after a 401 refreshes once for every request that failed with the same
/// token and sends each of them again once. Pass it to `APIManager` as adapter and processor.
///
/// ```swift
/// let authorizationInterceptor = AuthorizationTokenInterceptor(authorizationManager: authManager)
/// let apiManager = APIManager(requestAdapters: [authorizationInterceptor],
///                             responseProcessors: [authorizationInterceptor])
/// ```
public actor AuthorizationTokenInterceptor: RequestInterceptor {
    private let authorizationManager: any AuthorizationManaging
    /// Courier's single-flight core: one refresh for every caller that arrives while it runs.
    private let refreshes = SharedRefresh<Void>()

    /// - Parameter authorizationManager: Authorizes requests and refreshes the tokens.
    public init(authorizationManager: any AuthorizationManaging) {
        self.authorizationManager = authorizationManager
    }

    public func adapt(_ request: URLRequest, for endpointRequest: EndpointRequest) async throws -> URLRequest {
        guard endpointRequest.endpoint.isAuthenticationRequired else { return request }
        do {
            return try await authorizationManager.authorizeRequest(request)
        } catch AuthorizationError.expiredAccessToken {
            try await refresh(replacing: nil)
            return try await authorizationManager.authorizeRequest(request)
        }
    }

    public func process(_ response: Response, with urlRequest: URLRequest, for endpointRequest: EndpointRequest) async throws -> Response {
        guard (response.response as? HTTPURLResponse)?.statusCode == 401, endpointRequest.endpoint.isAuthenticationRequired,
              PipelineCall.replay?.isAllowed ?? true else {
            // A request already sent again after a refresh keeps its 401: refreshing again would loop.
            return response
        }
        let sent = urlRequest.value(forHTTPHeaderField: "Authorization").map { String($0.dropFirst("Bearer ".count)) }
        try await refresh(replacing: sent)
        // Inside a manager the request is sent again with the new token; called directly, the
        // caller gets the 401 and decides, as before.
        PipelineCall.replay?.request()
        return response
    }

    /// Refreshes the tokens unless another caller already replaced `stale`: callers arriving
    /// while a refresh runs wait for it, and one whose token was replaced meanwhile only needs
    /// the new one. Nil `stale` (an expired token) refreshes unless the stored one is valid now.
    private func refresh(replacing stale: String?) async throws {
        try await refreshes.run { [authorizationManager] in
            let current = try await authorizationManager.storage.getData()
            if !current.isExpired, current.accessToken != stale { return }
            try await authorizationManager.refreshAuthorizationData()
        }
    }
}
