import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hands out access tokens and replaces refused ones: what `BearerTokenInterceptor` asks.
public protocol AccessTokenProviding: Sendable {
    /// A token to send now: a cached one that is not about to expire, else a new one.
    /// - Throws: Why no token could be had (the token endpoint refused, the user did not approve).
    func accessToken() async throws -> String

    /// A token to replace `refused`, which the server answered with 401. When another caller has
    /// already replaced it, that replacement; otherwise a new token, fetched once for every caller
    /// that presents the same refused token at the same time.
    /// - Throws: Why no new token could be had.
    func replaceAccessToken(_ refused: String) async throws -> String
}

/// Authorizes every request that `requiresAuthentication` with `Authorization: Bearer …` from a
/// token provider, and after a 401 asks the provider once for a new token and sends the request
/// again (once: a replay that meets a 401 again keeps it). Concurrent requests that meet the
/// same refused token share one refresh. Add it to an endpoint's `modifiers` as an interceptor.
///
/// ```swift
/// endpoint.modifiers.add(interceptor: BearerTokenInterceptor(tokens: provider))
/// ```
public struct BearerTokenInterceptor: Interceptor {
    private let tokens: any AccessTokenProviding

    /// - Parameter tokens: Where tokens come from.
    public init(tokens: any AccessTokenProviding) { self.tokens = tokens }

    public func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest {
        guard context.requiresAuthentication else { return request }
        var request = request
        request.setValue("Bearer \(try await tokens.accessToken())", forHTTPHeaderField: "Authorization")
        return request
    }

    public func process(_ response: TransportResponse, for request: URLRequest, context: RequestContext) async throws -> ResponseProcessingResult {
        guard response.response.statusCode == 401, context.requiresAuthentication, !context.isReplay,
              let sent = Self.bearerToken(of: request) else { return .proceed(response) }
        _ = try await tokens.replaceAccessToken(sent)
        return .replay
    }

    /// The token of an `Authorization: Bearer …` header.
    static func bearerToken(of request: URLRequest) -> String? {
        guard let value = request.value(forHTTPHeaderField: "Authorization"), value.lowercased().hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }
}
