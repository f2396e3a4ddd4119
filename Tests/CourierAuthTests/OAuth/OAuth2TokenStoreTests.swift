import Courier
import CourierAuth
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// The memory and the file store through the same checks, and what only the file store promises:
/// owner-only permissions and tokens that outlive the provider (the next run reuses them).
@Suite("OAuth 2.0 token stores")
struct OAuth2TokenStoreTests {
    enum Kind: String, CaseIterable, Sendable { case memory, file }

    private static func store(_ kind: Kind, in folder: URL) -> any OAuth2TokenStore {
        switch kind {
        case .memory: return MemoryOAuth2TokenStore()
        case .file: return FileOAuth2TokenStore(file: folder.appendingPathComponent("state/Demo-1234/none/oauth-tokens.json"))
        }
    }

    @Test("Save, read back, keep keys apart, forget", arguments: Kind.allCases)
    func roundTrip(kind: Kind) async throws {
        let directory = try TemporaryDirectory()
        let store = Self.store(kind, in: directory.url)
        let expiry = Date(timeIntervalSince1970: 2_000_000_000)
        let token = OAuth2Token(accessToken: "at-1", refreshToken: "rt-1", expiresAt: expiry, scope: "profile")
        #expect(await store.token(for: "a") == nil)
        try await store.save(token, for: "a")
        try await store.save(OAuth2Token(accessToken: "at-2"), for: "b")
        #expect(await store.token(for: "a") == token)
        #expect(await store.token(for: "b")?.accessToken == "at-2")
        try await store.removeToken(for: "a")
        #expect(await store.token(for: "a") == nil)
        #expect(await store.token(for: "b") != nil)
    }

    @Test("The file is 0600 in folders made 0700, and a second provider on it asks the server for nothing")
    func fileReusedAcrossRuns() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("state/Demo-1234/local/oauth-tokens.json")
        try await withPrivateDemoServer { server, url in
            let configuration = OAuth2Configuration.demo(url, grant: .clientCredentials)
            let first = try await OAuth2TokenProvider(configuration: configuration, endpoint: Endpoint(baseUrl: url, retryingCount: 0),
                                                      store: FileOAuth2TokenStore(file: file)).token()
            let permissions = { (path: String) in
                (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
            }
            #expect(permissions(file.path) == 0o600)
            for folder in ["state", "state/Demo-1234", "state/Demo-1234/local"] {
                #expect(permissions(directory.url.appendingPathComponent(folder).path) == 0o700, "\(folder)")
            }
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains(first.accessToken) && !text.contains(DemoOAuthClient.secret))
            let second = try await OAuth2TokenProvider(configuration: configuration, endpoint: Endpoint(baseUrl: url, retryingCount: 0),
                                                       store: FileOAuth2TokenStore(file: file)).token()
            #expect(second.accessToken == first.accessToken && second.refreshToken == first.refreshToken)
            #expect(server.statistics.count(for: "/oauth/token") == 1)
        }
    }

    @Test("A token bought for one client, user or scope is not sent for another")
    func keyedByConfiguration() {
        let url = URL(fileURLWithPath: "/")
        let ada = OAuth2Configuration.demo(url, grant: .password(username: "ada", password: "x"))
        let bob = OAuth2Configuration.demo(url, grant: .password(username: "bob", password: "x"))
        var otherScope = ada
        otherScope.scope = "admin"
        #expect(Set([ada.cacheKey, bob.cacheKey, otherScope.cacheKey]).count == 3)
        #expect(!ada.cacheKey.contains(DemoOAuthClient.secret))
    }
}
