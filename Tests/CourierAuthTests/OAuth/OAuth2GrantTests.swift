import Courier
import CourierAuth
import CourierDemoServer
import CourierTestSupport
import Foundation
import Synchronization
import Testing

/// Every grant against the demo server's OAuth endpoints over real sockets, over both transports:
/// the token is bought, then authorizes `GET /oauth/me` through `BearerTokenInterceptor`.
@Suite("OAuth 2.0 grants")
struct OAuth2GrantTests {
    /// Buys a token for `configuration` over `transport`, checks it opens `/oauth/me`, returns it.
    private func token(_ transport: OAuthTransport, _ configuration: @Sendable (URL) -> OAuth2Configuration,
                       interaction: OAuth2Interaction = OAuth2Interaction()) async throws -> OAuth2Token {
        let server = try await TestServer.url()
        let bought = Mutex<OAuth2Token?>(nil)
        try await transport.withEndpoint(on: server) { api in
            let tokens = Endpoint(baseUrl: server, retryingCount: 0, transport: api.transport)
            let provider = OAuth2TokenProvider(configuration: configuration(server), endpoint: tokens, interaction: interaction)
            api.modifiers.add(interceptor: BearerTokenInterceptor(tokens: provider))
            #expect(await profileStatus(on: api) == 200)
            let token = try await provider.token()
            bought.withLock { $0 = token }
        }
        return try #require(bought.withLock { $0 })
    }

    @Test("Client credentials: a token, no refresh token, the scope granted", arguments: OAuthTransport.allCases)
    func clientCredentials(transport: OAuthTransport) async throws {
        let asked = Date()
        let token = try await token(transport) { .demo($0, grant: .clientCredentials, lifetime: 60) }
        #expect(token.tokenType == "Bearer" && token.refreshToken == nil && token.scope == "profile")
        // The demo server's tokens last 60 s from when it answered, whenever that was on a loaded machine.
        let expiry = try #require(token.expiresAt)
        #expect(expiry >= asked.addingTimeInterval(59) && expiry <= Date().addingTimeInterval(60))
    }

    @Test("Client credentials in the body instead of Basic", arguments: OAuthTransport.allCases)
    func clientCredentialsInBody(transport: OAuthTransport) async throws {
        let token = try await token(transport) { server in
            var configuration = OAuth2Configuration.demo(server, grant: .clientCredentials)
            configuration.clientAuthentication = .body
            return configuration
        }
        #expect(!token.accessToken.isEmpty)
    }

    @Test("Resource-owner password: a token and a refresh token", arguments: OAuthTransport.allCases)
    func password(transport: OAuthTransport) async throws {
        let token = try await token(transport) { .demo($0, grant: .password(username: "ada", password: "lovelace")) }
        #expect(token.refreshToken?.isEmpty == false)
    }

    @Test("Refresh token: a held refresh token buys the access token and is kept", arguments: OAuthTransport.allCases)
    func refreshToken(transport: OAuthTransport) async throws {
        let first = try await token(transport) { .demo($0, grant: .password(username: "ada", password: "lovelace")) }
        let refresh = try #require(first.refreshToken)
        let token = try await token(transport) { .demo($0, grant: .refreshToken(refresh)) }
        #expect(token.accessToken != first.accessToken && token.refreshToken == refresh)
    }

    @Test("Device authorization: the user code and URL are shown, polling waits for approval", arguments: OAuthTransport.allCases)
    func deviceCode(transport: OAuthTransport) async throws {
        let prompts = Mutex<[OAuth2Prompt]>([])
        let interaction = OAuth2Interaction(prompt: { prompt in prompts.withLock { $0.append(prompt) } })
        let token = try await token(transport, { .demo($0, grant: .deviceCode, secret: nil) }, interaction: interaction)
        #expect(!token.accessToken.isEmpty)
        let shown = prompts.withLock { $0 }
        guard case .enterDeviceCode(let code, let url, let complete)? = shown.first, shown.count == 1 else {
            Issue.record("expected one device-code prompt, got \(shown)")
            return
        }
        #expect(code.count == 9 && url.path == "/oauth/verify" && complete?.query?.contains(code) == true)
        #expect(shown[0].description == "Open \(url.absoluteString) and enter \(code)")
    }

    @Test("Authorization code with PKCE: the browser's redirect reaches the loopback listener", arguments: OAuthTransport.allCases)
    func authorizationCode(transport: OAuthTransport) async throws {
        // Apart from the CPU-heavy tests (ExclusiveTime): the sign-in goes through a listener thread,
        // a curl process and the demo server, and whole runs on two cores have held it past its deadline.
        try await ExclusiveTime.run {
            let prompts = Mutex<[OAuth2Prompt]>([])
            let interaction = OAuth2Interaction(prompt: { prompt in prompts.withLock { $0.append(prompt) } },
                                                openBrowser: followInBrowser(), redirectTimeout: .seconds(20))
            let token = try await token(transport, { .demo($0, grant: .authorizationCode(), secret: nil) }, interaction: interaction)
            #expect(token.refreshToken?.isEmpty == false)
            guard case .authorize(let url, true)? = prompts.withLock({ $0.first }) else {
                Issue.record("expected the sign-in prompt with the browser opened")
                return
            }
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            #expect(query.contains { $0.name == "code_challenge_method" && $0.value == "S256" })
            #expect(query.contains { $0.name == "redirect_uri" && $0.value?.hasPrefix("http://127.0.0.1:") == true })
        }
    }
}
