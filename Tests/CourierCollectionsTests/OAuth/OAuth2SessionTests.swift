import Courier
import CourierCollections
import CourierDemoServer
import CourierTestSupport
import Foundation
import Synchronization
import Testing

/// `auth: {oauth2: …}` requests run through a session against the demo server: the token is
/// bought on first use, cached in the state folder, shown and exported from there, masked.
@Suite("OAuth 2.0 requests in a session")
struct OAuth2SessionTests {
    let directory: TemporaryDirectory
    let state: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        state = try TemporaryDirectory()
        try directory.write("API/collection.yaml", """
            baseUrl: "{{$demo}}"
            variables:
              - {name: oauthClientSecret, value: \(DemoOAuthClient.secret)}
            """)
        try directory.write("API/clients.yaml", """
            path: oauth/me
            auth:
              oauth2:
                grant: client_credentials
                tokenUrl: "{{$demo}}/oauth/token"
                clientId: \(DemoOAuthClient.id)
                clientSecret: "{{oauthClientSecret}}"
            expect:
              - status == 200
            """)
        try directory.write("API/device.yaml", """
            path: oauth/me
            auth:
              oauth2:
                grant: device_code
                tokenUrl: "{{$demo}}/oauth/token"
                deviceAuthorizationUrl: "{{$demo}}/oauth/device?interval=0.05"
                clientId: \(DemoOAuthClient.id)
            """)
    }

    private var processEnvironment: [String: String] { ["XDG_STATE_HOME": state.url.path, "HOME": state.url.path] }

    private func session(prompt: @escaping @Sendable (String) -> Void = { _ in }) async throws -> TestSession {
        let url = try await TestServer.url().absoluteString
        var options = TestSession.Options(processEnvironment: processEnvironment)
        options.oauth = OAuthTokens(processEnvironment: processEnvironment, prompt: prompt)
        return TestSession(tree: CollectionLoader.load(directory.url), options: options) { url }
    }

    @Test("The first run buys and caches the token; the next session's export carries it, masked under redaction")
    func cachedAndExported() async throws {
        let first = try await session()
        let request = try #require(first.request(id: "API/clients"))
        let outcome = await first.runOne(request)
        #expect(outcome.verdict == .passed && outcome.result?.statusCode == 200)
        let file = first.stateFolder(of: request).url.appendingPathComponent(OAuthTokens.fileName)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let cached = try String(contentsOf: file, encoding: .utf8)
        #expect(!cached.contains(DemoOAuthClient.secret))

        let url = try await TestServer.url().absoluteString
        let context = RequestResolver.context(for: request, environment: .empty, overrides: [:], processEnvironment: processEnvironment, demoURL: url)
        var resolver = RequestResolver(context: context)
        resolver.oauth = OAuthScope(tokens: OAuthTokens(processEnvironment: processEnvironment) { _ in }, environment: nil)
        let resolution = try resolver.resolution(of: request)
        guard case .bearer(let token)? = resolution.request.authToken else {
            Issue.record("the export carries no bearer token")
            return
        }
        #expect(cached.contains(token))
        let command = try resolution.request.cURLCommand()
        #expect(command.text().contains("Authorization: Bearer \(token)"))
        let redacted = command.text(redactedBy: resolution.redactor)
        #expect(!redacted.contains(token) && redacted.contains("Authorization: Bearer ••••••"))
        #expect(resolution.redactor.redact("secret \(DemoOAuthClient.secret)") == "secret ••••••")
    }

    @Test("Without a cached token the export has no Authorization, and nothing is fetched")
    func noTokenNoHeader() async throws {
        let url = try await TestServer.url().absoluteString
        let tree = CollectionLoader.load(directory.url)
        let request = try #require(tree.request(id: "API/clients"))
        let context = RequestResolver.context(for: request, environment: .empty, overrides: [:], processEnvironment: processEnvironment, demoURL: url)
        var resolver = RequestResolver(context: context)
        resolver.oauth = OAuthScope(tokens: OAuthTokens(processEnvironment: processEnvironment) { _ in }, environment: nil)
        #expect(try resolver.resolution(of: request).request.authToken == nil)
        #expect(!FileManager.default.fileExists(atPath: state.url.appendingPathComponent("courier").path))
    }

    @Test("The device grant shows 'Open URL and enter CODE' through the session's prompt, then sends")
    func devicePrompt() async throws {
        let prompts = PromptLog()
        let session = try await session { prompt in prompts.lines.withLock { $0.append(prompt) } }
        let outcome = await session.runOne(try #require(session.request(id: "API/device")))
        #expect(outcome.result?.statusCode == 200)
        let shown = prompts.lines.withLock { $0 }
        #expect(shown.count == 1 && shown[0].hasPrefix("Open http://") && shown[0].contains("/oauth/verify and enter "), "\(shown)")
    }

    @Test("oauth2 in a collection.yaml is inherited: a request without auth: of its own buys and sends the token")
    func inherited() async throws {
        try directory.write("Shared/collection.yaml", """
            baseUrl: "{{$demo}}"
            auth:
              oauth2:
                grant: client_credentials
                tokenUrl: "{{$demo}}/oauth/token"
                clientId: \(DemoOAuthClient.id)
                clientSecret: \(DemoOAuthClient.secret)
            """)
        try directory.write("Shared/me.yaml", "path: oauth/me\nexpect:\n  - status == 200\n")
        let session = try await session()
        let request = try #require(session.request(id: "Shared/me"))
        let outcome = await session.runOne(request)
        #expect(outcome.verdict == .passed && outcome.result?.statusCode == 200, "\(String(describing: outcome.problem?.message))")
        let cached = session.stateFolder(of: request).url.appendingPathComponent(OAuthTokens.fileName)
        #expect(FileManager.default.fileExists(atPath: cached.path))
    }

    @Test("A request whose tokenUrl is not a URL is refused with its file and line")
    func badURL() async throws {
        try directory.write("API/bad.yaml", "path: oauth/me\nauth:\n  oauth2: {grant: client_credentials, tokenUrl: \"not a url\", clientId: c}\n")
        let session = try await session()
        let outcome = await session.runOne(try #require(session.request(id: "API/bad")))
        #expect(outcome.problem?.message.contains("API/bad.yaml:2:1: error: oauth2 tokenUrl \"not a url\" is not an http or https URL") == true,
                "\(String(describing: outcome.problem?.message))")
    }
}

/// The prompts a session showed.
private final class PromptLog: Sendable {
    let lines = Mutex<[String]>([])
}
