@testable import courier
import CourierCollections
import CourierTestSupport
import CourierUI
import Foundation
import Testing

/// The explorer's backend masks by the same rule as the CLI: the cURL pane, the URL preview and
/// variables, and every response it builds (headers, Debug, and so History), while `Y` still has
/// the real command.
@Suite("The explorer's backend keeps secrets off the screen")
struct ExplorerSecretsTests {
    /// A collection on `server` whose `API/secret` request (at `path`, with `query` first) carries
    /// a bearer token from `dev.secret.yaml`, an API key and an access token written in the file.
    static func writeSecretCollection(_ directory: TemporaryDirectory, server: String, path: String, query: String = "") throws {
        try directory.write("API/collection.yaml", "baseUrl: \(server)\n")
        try directory.write("API/environments/dev.secret.yaml", "token: secret-bearer-token\n")
        try directory.write("API/secret.yaml", """
            path: \(path)
            query:
            \(query)  - {name: access_token, value: query-token-value}
            headers:
              - {name: X-Api-Key, value: plain-api-key-value}
            auth: {bearer: "{{token}}"}

            """)
    }

    private func request(_ directory: TemporaryDirectory, server: String) throws -> LoadedRequest {
        try Self.writeSecretCollection(directory, server: server, path: "cookies/set",
                                       query: "  - {name: session, value: cookie-session-value}\n")
        return try #require(CollectionLoader.load(directory.url).request(id: "API/secret"))
    }

    /// `session` is no credential name for a query parameter (DESIGN.md), so the cookie's value
    /// shows in the URL; the Set-Cookie header that carries it back is masked.
    private static let secrets = ["secret-bearer-token", "query-token-value", "plain-api-key-value"]

    @Test("the cURL pane, the resolved URL and the variables are masked; the command with secrets is there for Y")
    func preview() async throws {
        let directory = try TemporaryDirectory()
        let loaded = try request(directory, server: try await TestServer.shared().url)
        let backend = ExplorerBackend(spooling: nil)
        let preview = await backend.preview(loaded, environment: "dev")
        await backend.shutdown()
        let shown = [preview.curl, preview.resolvedURL ?? ""] + preview.variables.values
        for secret in Self.secrets {
            #expect(!shown.joined(separator: "\n").contains(secret), "\(secret) is on screen:\n\(shown)")
            #expect(preview.curlWithSecrets.contains(secret))
        }
        #expect(preview.curl.contains("Authorization: Bearer ••••••") && preview.variables["token"] == "••••••")
        #expect(preview.resolvedURL?.contains("access_token=••••••") == true)
        // The status line's preview of copied text is masked by what the backend has seen.
        #expect(backend.secrets.redact("token secret-bearer-token, key plain-api-key-value") == "token ••••••, key ••••••")
    }

    @Test("a response's headers and Debug lines are masked: Set-Cookie, Authorization, the URL's token")
    func snapshot() async throws {
        let directory = try TemporaryDirectory()
        let loaded = try request(directory, server: try await TestServer.shared().url)
        let backend = ExplorerBackend(spooling: nil)
        let resolution = try await backend.resolve(loaded, environment: "dev")
        await backend.shutdown()
        let result = await RequestRunner.run(resolution.request)
        #expect(result.statusCode == 200)
        let snapshot = SnapshotBuilder.snapshot(result, sequence: 1, received: 0, redactor: resolution.redactor)
        let shown = (snapshot.headers.map { "\($0.name): \($0.value)" } + snapshot.debugLines).joined(separator: "\n")
        for secret in Self.secrets { #expect(!shown.contains(secret), "\(secret) is on screen:\n\(shown)") }
        #expect(shown.contains("Set-Cookie: ••••••") && shown.contains("Authorization: Bearer ••••••"), "\(shown)")
        #expect(result.headers.contains { $0.1.contains("cookie-session-value") }, "the header masked above did carry the value")
        #expect(shown.contains("cURL, as sent:") && shown.contains("X-Api-Key: ••••••"), "\(shown)")
    }
}
