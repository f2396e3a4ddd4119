import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// OAuth 2.0 through the real binary: `courier run` buys and caches the token, `courier curl`
/// and `courier export --format httpie` carry the cached one (masked with `--redact`), the device
/// grant prints its prompt on stderr. Tokens live in a temporary state folder.
@Suite("courier run, curl and export with OAuth 2.0", .serialized)
struct OAuthCommandTests {
    private let under: CourierUnderTest

    init() throws { under = try CourierUnderTest() }

    private func courier(_ arguments: [String]) async throws -> ProcessResult {
        try await under.run(arguments, collections: Checkout.collections)
    }

    /// The access token cached for the Demo collection with no environment.
    private func cachedAccessToken() throws -> String {
        let files = FileManager.default.enumerator(atPath: under.state.url.path)?.allObjects as? [String] ?? []
        let file = try #require(files.first { $0.hasSuffix("none/oauth-tokens.json") })
        let text = try String(contentsOf: under.state.url.appendingPathComponent(file), encoding: .utf8)
        let token = text.firstMatch(of: /"accessToken" : "([^"]+)"/)?.output.1
        return String(try #require(token))
    }

    @Test("run buys and caches the token; curl and httpie exports carry it, and the curl command runs")
    func runThenExport() async throws {
        let before = try await courier(["curl", "Demo/auth/oauth-client-credentials"])
        #expect(before.status == 0 && !before.stdoutText.contains("Authorization"))
        #expect(before.stderr.contains("no usable token is cached"), "\(before.stderr)")

        let run = try await courier(["run", "Demo/auth/oauth-client-credentials"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.contains("\"username\": \"ada\"") || run.stdoutText.contains("\"username\":\"ada\""), "\(run.stdoutText)")
        let token = try cachedAccessToken()

        let curl = try await courier(["curl", "Demo/auth/oauth-client-credentials"])
        #expect(curl.stdoutText.contains("-H 'Authorization: Bearer \(token)'"), "\(curl.stdoutText)")
        let sent = try await Processes.shell(curl.stdoutText + " --silent --show-error")
        #expect(sent.stdoutText.contains("\"username\":\"ada\""), "\(sent.stdoutText)\(sent.stderr)")

        let httpie = try await courier(["export", "Demo/auth/oauth-client-credentials", "--format", "httpie"])
        #expect(httpie.stdoutText.contains(token), "\(httpie.stdoutText)")
        for format in [["curl"], ["export", "--format", "httpie"]] {
            let arguments = [format[0], "Demo/auth/oauth-client-credentials"] + format.dropFirst() + ["--redact"]
            let redacted = try await courier(arguments)
            #expect(!redacted.stdoutText.contains(token) && redacted.stdoutText.contains("••••••"), "\(redacted.stdoutText)")
        }

        // A second run reuses the cached token: the demo server issues no other.
        #expect(try await courier(["run", "Demo/auth/oauth-client-credentials"]).status == 0)
        #expect(try cachedAccessToken() == token)
    }

    @Test("The device grant prints 'Open URL and enter CODE' on stderr and then succeeds")
    func deviceCode() async throws {
        let run = try await courier(["run", "Demo/auth/oauth-device-code"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains(/courier: Open http:\/\/127\.0\.0\.1:\d+\/oauth\/verify and enter [A-Z]{4}-[A-Z]{4}/), "\(run.stderr)")
    }

    @Test("Password and refresh-token grants run; a wrong client secret exits 1 with the server's sentence")
    func otherGrants() async throws {
        for id in ["Demo/auth/oauth-password", "Demo/auth/oauth-refresh-token"] {
            let run = try await courier(["run", id])
            #expect(run.status == 0, "\(id): \(run.stderr)")
        }
        // A state folder of its own: the token cached above would be sent without asking.
        let refused = try await CourierUnderTest().run(["run", "Demo/auth/oauth-password", "--var", "oauthClientSecret=wrong-secret-value"],
                                                       collections: Checkout.collections)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("refused the request (401, invalid_client"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("wrong-secret-value"))
    }
}
