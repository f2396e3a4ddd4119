import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// The auth kinds through the real binary: `courier run` against the demo server, `courier curl`
/// run by the real curl (Digest with `--digest`, AWS as a presigned URL), `--redact`, the HTTPie
/// export, and inheritance from `collection.yaml`.
@Suite("courier run, curl and export with every auth kind", .serialized)
struct AuthCommandsTests {
    private var courier: String { Processes.productsDirectory.appendingPathComponent("courier").path }
    private let state: TemporaryDirectory

    init() throws { state = try TemporaryDirectory() }

    private func courier(_ arguments: [String], collections: URL = Checkout.collections, demoURL: String) async throws -> ProcessResult {
        try await Processes.run([courier] + arguments + ["--collections", collections.path],
                                environment: ["XDG_STATE_HOME": state.url.path, "COURIER_DEMO_URL": demoURL], timeout: 120)
    }

    /// Every Demo request of an auth kind, and the `authenticated` answer `courier run` gets.
    static let signedIn = ["Demo/auth/api-key", "Demo/auth/api-key-query", "Demo/auth/digest-md5", "Demo/auth/digest-sha256",
                           "Demo/auth/aws/put-item", "Demo/auth/aws/get-object"]

    @Test("courier run authenticates with each kind; auth: none opts out of the folder's AWS signing")
    func run() async throws {
        let server = try await TestServer.shared()
        for id in Self.signedIn {
            let result = try await courier(["run", id], demoURL: server.url)
            #expect(result.status == 0 && result.stdoutText.contains("\"authenticated\":\"true\""), "\(id): \(result.stdoutText)\(result.stderr)")
        }
        let unsigned = try await courier(["run", "Demo/auth/aws/unsigned", "--no-expect"], demoURL: server.url)
        #expect(unsigned.status == 1 && unsigned.stdoutText.contains("MissingAuthenticationToken"), "\(unsigned.stdoutText)")
    }

    @Test("the printed curl command authenticates too: --digest -u, a presigned AWS URL, the API key")
    func curl() async throws {
        let server = try await TestServer.shared()
        for id in Self.signedIn {
            let command = try await courier(["curl", id], demoURL: server.url)
            #expect(command.status == 0, "\(id): \(command.stderr)")
            let text = command.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
            if id.contains("digest") { #expect(text.contains("--digest -u 'ada:lovelace'"), "\(text)") }
            if id.contains("aws") { #expect(text.contains("X-Amz-Signature=") && text.contains("X-Amz-Credential=AKIDCOURIERDEMO"), "\(text)") }
            let viaCurl = try await Processes.shell(text + " --silent --show-error")
            #expect(viaCurl.status == 0 && viaCurl.stdoutText.contains("\"authenticated\":\"true\""), "\(id): \(viaCurl.stdoutText)\(viaCurl.stderr)")
        }
    }

    @Test("--redact masks the Digest password, the API key, the AWS secret's signature; HTTPie gets --auth-type=digest")
    func redactAndHTTPie() async throws {
        let server = try await TestServer.shared()
        let digest = try await courier(["curl", "Demo/auth/digest-md5", "--redact"], demoURL: server.url)
        #expect(digest.stdoutText.contains("-u 'ada:••••••'") && !digest.stdoutText.contains("lovelace"), "\(digest.stdoutText)")
        let key = try await courier(["curl", "Demo/auth/api-key-query", "--redact"], demoURL: server.url)
        #expect(key.stdoutText.contains("api_key=••••••") && !key.stdoutText.contains(DemoCredentials.apiKey), "\(key.stdoutText)")
        let aws = try await courier(["curl", "Demo/auth/aws/get-object", "--redact"], demoURL: server.url)
        #expect(aws.stdoutText.contains("X-Amz-Signature=••••••") && !aws.stdoutText.contains(DemoCredentials.awsSecretAccessKey), "\(aws.stdoutText)")

        let httpie = try await courier(["export", "Demo/auth/digest-sha256", "--format", "httpie"], demoURL: "http://127.0.0.1:8080")
        #expect(httpie.stdoutText == """
            http --ignore-stdin \\
              --auth-type=digest --auth ada:lovelace \\
              --follow \\
              --timeout 30 \\
              GET http://127.0.0.1:8080/auth/digest/sha256 \\
              Accept:application/json \\
              'User-Agent:Courier/1.0 (Swift; Linux)'

            """, "\(httpie.stdoutText)")
        let header = try await courier(["export", "Demo/auth/api-key", "--format", "httpie", "--redact"], demoURL: "http://127.0.0.1:8080")
        #expect(header.stdoutText.contains("'X-Api-Key:••••••'") && !header.stdoutText.contains(DemoCredentials.apiKey), "\(header.stdoutText)")
    }

    @Test("auth in collection.yaml reaches every request below; a request's own and auth: none win; a bad kind is named")
    func inheritance() async throws {
        let server = try await TestServer.shared()
        let work = try TemporaryDirectory()
        try work.write("API/collection.yaml", "baseUrl: \(server.url)\nauth: {apiKey: {name: X-API-Key, value: \(DemoCredentials.apiKey)}}\n")
        try work.write("API/inherits.yaml", "path: auth/api-key\n")
        try work.write("API/digest/collection.yaml", "auth:\n  digest: {user: ada, password: lovelace}\n")
        try work.write("API/digest/md5.yaml", "path: auth/digest/md5\n")
        try work.write("API/digest/opted-out.yaml", "path: auth/digest/md5\nauth: none\n")
        try work.write("API/own.yaml", "path: auth/api-key\nauth: {apiKey: {name: api_key, value: \(DemoCredentials.apiKey), in: query}}\n")
        try work.write("API/typo.yaml", "path: auth/api-key\nauth: {digest: {password: x}}\n")
        let inherits = try await courier(["run", "API/inherits"], collections: work.url, demoURL: server.url)
        #expect(inherits.status == 0 && inherits.stdoutText.contains("\"in\":\"header\""), "\(inherits.stdoutText)\(inherits.stderr)")
        let folder = try await courier(["run", "API/digest/md5"], collections: work.url, demoURL: server.url)
        #expect(folder.status == 0 && folder.stdoutText.contains("\"algorithm\":\"MD5\""), "\(folder.stdoutText)\(folder.stderr)")
        let optedOut = try await courier(["run", "API/digest/opted-out"], collections: work.url, demoURL: server.url)
        #expect(optedOut.status == 1 && optedOut.stdoutText.contains("Digest credentials are required"), "\(optedOut.stdoutText)")
        let own = try await courier(["run", "API/own"], collections: work.url, demoURL: server.url)
        #expect(own.status == 0 && own.stdoutText.contains("\"in\":\"query\""), "\(own.stdoutText)")
        let typo = try await courier(["run", "API/typo"], collections: work.url, demoURL: server.url)
        #expect(typo.status == 2 && typo.stderr.contains("typo.yaml:2:16: error: digest auth needs user"), "\(typo.stderr)")
    }
}
