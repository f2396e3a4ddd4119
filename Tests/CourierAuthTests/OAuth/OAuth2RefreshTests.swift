import Courier
import CourierAuth
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// When tokens are replaced: ahead of expiry, and once for every request that met the same 401.
/// Each test has a demo server of its own, so the token endpoint's hit count is its own.
@Suite("OAuth 2.0 token refresh")
struct OAuth2RefreshTests {
    /// The grant types the token endpoint was asked for, in order.
    private func grantsAsked(of server: DemoServer) -> [String] {
        server.statistics.journal.filter { $0.path == "/oauth/token" }.compactMap { request in
            URLComponents(string: "?\(String(decoding: request.body, as: UTF8.self))")?.queryItems?.first { $0.name == "grant_type" }?.value
        }
    }

    @Test("A token that expires within the margin is replaced with the refresh token before it is sent", arguments: OAuthTransport.allCases)
    func aheadOfExpiry(transport: OAuthTransport) async throws {
        try await withPrivateDemoServer { server, url in
            try await transport.withEndpoint(on: url) { endpoint in
                // Tokens live 20 s and count as expiring 30 s ahead: each use buys the next.
                let provider = OAuth2TokenProvider(configuration: .demo(url, grant: .password(username: "ada", password: "lovelace"), lifetime: 20),
                                                   endpoint: endpoint, refreshMargin: 30)
                let first = try await provider.token()
                let second = try await provider.token()
                #expect(first.accessToken != second.accessToken && second.refreshToken == first.refreshToken)
                #expect(grantsAsked(of: server) == ["password", "refresh_token"])
            }
        }
    }

    @Test("A usable cached token is sent without asking the token endpoint again", arguments: OAuthTransport.allCases)
    func cachedTokenReused(transport: OAuthTransport) async throws {
        try await withPrivateDemoServer { server, url in
            try await transport.withEndpoint(on: url) { endpoint in
                // The provider's own requests must not pass through the interceptor it feeds.
                let tokens = Endpoint(baseUrl: url, retryingCount: 0, transport: endpoint.transport)
                let provider = OAuth2TokenProvider(configuration: .demo(url, grant: .clientCredentials), endpoint: tokens)
                endpoint.modifiers.add(interceptor: BearerTokenInterceptor(tokens: provider))
                for _ in 0..<3 { #expect(await profileStatus(on: endpoint) == 200) }
                #expect(server.statistics.count(for: "/oauth/token") == 1)
            }
        }
    }

    @Test("Eight concurrent requests refused with a revoked token share one refresh and are each sent again", arguments: OAuthTransport.allCases)
    func oneRefreshForConcurrent401s(transport: OAuthTransport) async throws {
        try await withPrivateDemoServer { server, url in
            try await transport.withEndpoint(on: url) { api in
                let tokens = Endpoint(baseUrl: url, retryingCount: 0, transport: api.transport)
                let provider = OAuth2TokenProvider(configuration: .demo(url, grant: .password(username: "ada", password: "lovelace")), endpoint: tokens)
                api.modifiers.add(interceptor: BearerTokenInterceptor(tokens: provider))
                let revoked = try await provider.token()
                let revocation = DefaultRequest<Data, String>(path: "oauth/revoke", method: .post, body: .form([("token", revoked.accessToken)]))
                _ = try await revocation.send(on: tokens)
                let statuses = await withTaskGroup(of: Int?.self) { group in
                    for _ in 0..<8 { group.addTask { await profileStatus(on: api) } }
                    return await group.reduce(into: [Int?]()) { $0.append($1) }
                }
                #expect(statuses == Array(repeating: 200, count: 8))
                #expect(grantsAsked(of: server) == ["password", "refresh_token"])
                // Each request was sent once or, refused, twice; some may have left with the new token.
                #expect((9...16).contains(server.statistics.count(for: "/oauth/me")))
                #expect(try await provider.token().accessToken != revoked.accessToken)
            }
        }
    }

    @Test("A replayed request that meets a 401 again keeps it: no refresh loop")
    func noLoop() async throws {
        try await withPrivateDemoServer { server, url in
            let provider = OAuth2TokenProvider(configuration: .demo(url, grant: .clientCredentials), endpoint: Endpoint(baseUrl: url, retryingCount: 0))
            let api = Endpoint(baseUrl: url, retryingCount: 0)
            api.modifiers.add(interceptor: BearerTokenInterceptor(tokens: provider))
            // /bearer accepts the demo's tokens, but /basic-auth never accepts a bearer token.
            let exchange = await DefaultRequest<Data, String>(path: "basic-auth/ada/lovelace", method: .get).exchange(on: api)
            #expect(exchange.debug.urlResponse?.statusCode == 401)
            #expect(server.statistics.count(for: "/basic-auth/ada/lovelace") == 2)
            #expect(server.statistics.count(for: "/oauth/token") == 2)
        }
    }
}
