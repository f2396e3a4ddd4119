@testable import CourierExplorer
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
    private func request(_ directory: TemporaryDirectory, server: String) throws -> LoadedRequest {
        try SecretCollection.write(directory, server: server, path: "cookies/set",
                                       query: "  - {name: session, value: cookie-session-value}\n")
        return try #require(CollectionLoader.load(directory.url).request(id: "API/secret"))
    }

    /// `session` is no credential name for a query parameter (DESIGN.md), so the cookie's value
    /// shows in the URL; the Set-Cookie header that carries it back is masked.
    private static let secrets = SecretCollection.secrets

    @Test("the cURL pane, the resolved URL and the variables are masked; the command with secrets is there for Y")
    func preview() async throws {
        let directory = try TemporaryDirectory()
        let loaded = try request(directory, server: try await TestServer.shared().url)
        let backend = ExplorerBackend(demo: TestDemoURL(), spooling: nil)
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
        let backend = ExplorerBackend(demo: TestDemoURL(), spooling: nil)
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
