import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// `courier run` and `courier curl` with certificate and proxy settings, against the demo
/// server's HTTPS listeners and forward proxy over real sockets, and the exported command run
/// with the real `curl`.
@Suite("Connection settings on the command line")
struct ConnectionCommandTests {
    /// A collection with one request to `{{base}}/echo/<unique>`; `extra` lines go into the request file.
    private func collection(_ extra: String = "", path: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Net/collection.yaml", "baseUrl: \"{{base}}\"\n")
        try directory.write("Net/one.yaml", "path: \(path)\n\(extra)")
        return directory
    }

    private func run(_ arguments: [String], in directory: TemporaryDirectory, environment: [String: String] = [:]) async throws -> ProcessResult {
        let state = try TemporaryDirectory()
        return try await Processes.run([CourierUnderTest.executable] + arguments + ["--collections", directory.url.path],
                                       environment: environment.merging(["XDG_STATE_HOME": state.url.path]) { $1 }, timeout: 120)
    }

    private func uniquePath() -> String { "echo/cli-\(UUID().uuidString)" }

    @Test("A certificate no system trusts stops the run with a sentence (exit 3); --insecure and --cacert let it through")
    func certificates() async throws {
        let servers = try await TestSecureServers.shared()
        let directory = try collection(path: uniquePath())
        let base = ["run", "Net/one", "--var", "base=\(servers.tls.url)"]
        let refused = try await run(base, in: directory)
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("A secure connection to \(servers.tls.url)/echo/cli-"), "\(refused.stderr)")
        #expect(try await run(base + ["--insecure"], in: directory).status == 0)
        #expect(try await run(base + ["--cacert", servers.files.authority], in: directory).status == 0)
        let urlsession = try await run(base + ["--cacert", servers.files.authority, "--transport", "urlsession"], in: directory)
        #expect(urlsession.status == 2)
        #expect(urlsession.stderr.contains("--cacert: error: caCert cannot be honoured by the urlsession transport"), "\(urlsession.stderr)")
    }

    @Test("A listener that wants a client certificate: caCert, clientCert and clientKey in the file work; without them, exit 3")
    func clientCertificate() async throws {
        let servers = try await TestSecureServers.shared()
        let files = servers.files
        let keys = "caCert: \(files.authority)\nclientCert: \(files.clientCertificate)\nclientKey: \(files.clientKey)\n"
        let base = ["run", "Net/one", "--var", "base=\(servers.mutualTLS.url)"]
        #expect(try await run(base, in: try collection(keys, path: uniquePath())).status == 0)
        let without = try await run(base, in: try collection("caCert: \(files.authority)\n", path: uniquePath()))
        #expect(without.status == 3)
        #expect(without.stderr.contains(servers.mutualTLS.url), "\(without.stderr)")
    }

    @Test("http_proxy and HTTP_PROXY are honoured on both transports: libcurl reads them under URLSession, courier under AsyncHTTPClient",
          arguments: [("asynchttpclient", "HTTP_PROXY"), ("asynchttpclient", "http_proxy"), ("urlsession", "http_proxy")])
    func environmentProxy(transport: String, variable: String) async throws {
        let proxy = try await TestSecureServers.shared().proxy
        let demo = try await TestServer.url().absoluteString
        let path = uniquePath()
        let result = try await run(["run", "Net/one", "--var", "base=\(demo)", "--transport", transport], in: try collection(path: path),
                                   environment: [variable: proxy.url])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(proxy.journal.contains { $0.kind == .absoluteURI && $0.target == "\(demo)/\(path)" && $0.forwarded })
    }

    @Test("--proxy with Basic credentials, --noproxy past it, and the password masked in what is printed")
    func proxyFlags() async throws {
        let servers = try await TestSecureServers.shared()
        let credentials = TestSecureServers.proxyCredentials
        let proxyURL = "http://\(credentials.user):\(credentials.password)@127.0.0.1:\(servers.authenticatedProxy.port)"
        let path = uniquePath()
        let directory = try collection(path: path)
        let base = ["run", "Net/one", "--var", "base=\(servers.tls.url)", "--cacert", servers.files.authority]
        #expect(try await run(base + ["--proxy", proxyURL], in: directory).status == 0)
        #expect(servers.authenticatedProxy.journal.contains { $0.kind == .connect && $0.target == "127.0.0.1:\(servers.tls.port)" && $0.forwarded })
        let before = servers.authenticatedProxy.journal.count
        #expect(try await run(base + ["--proxy", proxyURL, "--noproxy", "127.0.0.1"], in: directory).status == 0)
        #expect(servers.authenticatedProxy.journal.count == before, "--noproxy went past the proxy")
        let bad = try await run(base + ["--proxy", "socks5://ada:\(credentials.password)@127.0.0.1:1"], in: directory)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--proxy: error: proxy: SOCKS proxy credentials are not supported"), "\(bad.stderr)")
        #expect(!bad.stderr.contains(credentials.password))
    }

    @Test("courier curl carries -k, --cacert, --cert, --key, -x and --noproxy, and the real curl reaches the TLS listener through the proxy")
    func curlExport() async throws {
        let servers = try await TestSecureServers.shared()
        let files = servers.files
        let credentials = TestSecureServers.proxyCredentials
        let path = uniquePath()
        let proxyURL = "http://\(credentials.user):\(credentials.password)@127.0.0.1:\(servers.authenticatedProxy.port)"
        let keys = "caCert: \(files.authority)\nclientCert: \(files.clientCertificate)\nclientKey: \(files.clientKey)\nproxy: \(proxyURL)\nnoProxy: [example.invalid]\n"
        let directory = try collection(keys, path: path)
        let export = try await run(["curl", "Net/one", "--var", "base=\(servers.mutualTLS.url)"], in: directory)
        #expect(export.status == 0, "\(export.stderr)")
        let command = export.stdoutText
        for option in ["--cacert '\(files.authority)'", "--cert '\(files.clientCertificate)'", "--key '\(files.clientKey)'",
                       "-x '\(proxyURL)'", "--noproxy 'example.invalid'"] {
            #expect(command.contains(option), "\(option) in \(command)")
        }
        let curl = try await Processes.run(["/bin/sh", "-c", command.trimmingCharacters(in: .whitespacesAndNewlines) + " --silent --show-error --write-out '%{http_code}'"], timeout: 60)
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(curl.stdoutText.hasSuffix("200"))
        #expect(servers.authenticatedProxy.journal.contains { $0.kind == .connect && $0.target == "127.0.0.1:\(servers.mutualTLS.port)" && $0.forwarded })

        let redacted = try await run(["curl", "Net/one", "--var", "base=\(servers.mutualTLS.url)", "--redact"], in: directory)
        #expect(!redacted.stdoutText.contains(credentials.password))
        #expect(redacted.stdoutText.contains("-x 'http://ada:••••••@127.0.0.1:\(servers.authenticatedProxy.port)'"), "\(redacted.stdoutText)")
    }
}
