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
        #expect(refused.stderr.contains("A secure connection to 127.0.0.1:\(servers.tls.port) could not be made"), "\(refused.stderr)")
        #expect(try await run(base + ["--insecure"], in: directory).status == 0)
        #expect(try await run(base + ["--cacert", servers.files.authority], in: directory).status == 0)
        let missing = directory.url.appendingPathComponent("no-such-ca.pem").path
        let unreadable = try await run(base + ["--cacert", missing], in: directory)
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr.contains("error: the CA bundle \(missing) does not exist"), "\(unreadable.stderr)")
        let urlsession = try await run(base + ["--cacert", servers.files.authority, "--transport", "urlsession"], in: directory)
        #expect(urlsession.status == 2)
        #expect(urlsession.stderr.contains("--cacert: error: caCert cannot be honoured by the urlsession transport"), "\(urlsession.stderr)")
    }

    @Test("courier test takes the same flags: the TLS listener's request passes with --insecure and is a transport error (exit 3) without")
    func testCommand() async throws {
        let servers = try await TestSecureServers.shared()
        let directory = try collection("expect:\n  - status == 200\n", path: uniquePath())
        let base = ["test", "Net", "--var", "base=\(servers.tls.url)"]
        let passed = try await run(base + ["-k"], in: directory)
        #expect(passed.status == 0, "\(passed.stdoutText)\(passed.stderr)")
        #expect(try await run(base, in: directory).status == 3)
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
        #expect(without.stderr.contains("A secure connection to 127.0.0.1:\(servers.mutualTLS.port) could not be made"), "\(without.stderr)")
    }

    @Test("http_proxy and HTTP_PROXY are honoured on both transports: libcurl reads them under URLSession (an absolute-URI request), courier under AsyncHTTPClient (a CONNECT tunnel)",
          arguments: [("asynchttpclient", "HTTP_PROXY"), ("asynchttpclient", "http_proxy"), ("urlsession", "http_proxy")])
    func environmentProxy(transport: String, variable: String) async throws {
        let proxy = try await DemoProxy.start()
        let demo = try await TestServer.url()
        let path = uniquePath()
        let result = try await run(["run", "Net/one", "--var", "base=\(demo.absoluteString)", "--transport", transport],
                                   in: try collection(path: path), environment: [variable: proxy.url])
        await proxy.stop()
        #expect(result.status == 0, "\(result.stderr)")
        let expected = transport == "urlsession"
            ? ProxiedRequest(kind: .absoluteURI, target: "\(demo.absoluteString)/\(path)", proxyAuthorization: nil, forwarded: true)
            : ProxiedRequest(kind: .connect, target: "127.0.0.1:\(demo.port ?? 0)", proxyAuthorization: nil, forwarded: true)
        #expect(proxy.journal == [expected])
    }

    @Test("--proxy with Basic credentials, --noproxy past it, and SOCKS credentials refused without showing the password")
    func proxyFlags() async throws {
        let servers = try await TestSecureServers.shared()
        let proxy = try await DemoProxy.start(credentials: TestSecureServers.proxyCredentials)
        let directory = try collection(path: uniquePath())
        let base = ["run", "Net/one", "--var", "base=\(servers.tls.url)", "--cacert", servers.files.authority,
                    "--proxy", TestSecureServers.authenticatedURL(of: proxy)]
        let through = try await run(base, in: directory)
        let past = try await run(base + ["--noproxy", "127.0.0.1"], in: directory)
        await proxy.stop()
        #expect(through.status == 0, "\(through.stderr)")
        #expect(past.status == 0, "\(past.stderr)")
        #expect(proxy.journal.map(\.target) == ["127.0.0.1:\(servers.tls.port)"], "once through the proxy, once past it")
        #expect(proxy.journal.first?.forwarded == true)

        let password = TestSecureServers.proxyCredentials.password
        let bad = try await run(["run", "Net/one", "--var", "base=\(servers.tls.url)", "--proxy", "socks5://ada:\(password)@127.0.0.1:1"], in: directory)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--proxy: error: proxy: SOCKS proxy credentials are not supported"), "\(bad.stderr)")
        #expect(!bad.stderr.contains(password))
    }

    @Test("courier curl carries --cacert, --cert, --key, -x and --noproxy, and the real curl reaches the client-certificate listener through the proxy")
    func curlExport() async throws {
        let servers = try await TestSecureServers.shared()
        let files = servers.files
        let proxy = try await DemoProxy.start(credentials: TestSecureServers.proxyCredentials)
        let proxyURL = TestSecureServers.authenticatedURL(of: proxy)
        let keys = "caCert: \(files.authority)\nclientCert: \(files.clientCertificate)\nclientKey: \(files.clientKey)\n" +
            "proxy: \(proxyURL)\nnoProxy: [example.invalid]\n"
        let directory = try collection(keys, path: uniquePath())
        let export = try await run(["curl", "Net/one", "--var", "base=\(servers.mutualTLS.url)"], in: directory)
        #expect(export.status == 0, "\(export.stderr)")
        let command = export.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        for option in ["--cacert '\(files.authority)'", "--cert '\(files.clientCertificate)'", "--key '\(files.clientKey)'",
                       "-x '\(proxyURL)'", "--noproxy 'example.invalid'"] {
            #expect(command.contains(option), "\(option) in \(command)")
        }
        let curl = try await Processes.run(["/bin/sh", "-c", command + " --silent --show-error --write-out '%{http_code}'"], timeout: 60)
        let redacted = try await run(["curl", "Net/one", "--var", "base=\(servers.mutualTLS.url)", "--redact"], in: directory)
        await proxy.stop()
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(curl.stdoutText.hasSuffix("200"))
        #expect(proxy.journal.map(\.target) == ["127.0.0.1:\(servers.mutualTLS.port)"])
        #expect(proxy.journal.first?.forwarded == true)
        #expect(!redacted.stdoutText.contains(TestSecureServers.proxyCredentials.password))
        #expect(redacted.stdoutText.contains("-x 'http://ada:••••••@127.0.0.1:\(proxy.port)'"), "\(redacted.stdoutText)")
    }

    @Test("--http1.1 sends over HTTP/1.1; httpVersion: 1.1 in the file goes to the real curl through courier curl; --http2-prior-knowledge is refused with a sentence (exit 2)")
    func httpVersions() async throws {
        let servers = try await TestSecureServers.shared()
        let directory = try collection(path: uniquePath())
        let base = ["Net/one", "--var", "base=\(servers.tls.url)", "--cacert", servers.files.authority]
        let run11 = try await run(["run"] + base + ["--http1.1", "--include"], in: directory)
        #expect(run11.status == 0, "\(run11.stderr)")
        #expect(run11.stdoutText.hasPrefix("HTTP/1.1 200"), "\(run11.stdoutText.prefix(80))")
        let export = try await run(["curl", "Net/one", "--var", "base=\(servers.tls.url)"],
                                   in: try collection("caCert: \(servers.files.authority)\nhttpVersion: \"1.1\"\n", path: uniquePath()))
        let command = export.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(command.contains("--http1.1"), "\(command)")
        let curl = try await Processes.run(["/bin/sh", "-c", command + " --silent --show-error --write-out ' %{http_version} %{http_code}'"], timeout: 60)
        #expect(curl.stdoutText.hasSuffix(" 1.1 200"), "\(curl.stdoutText.suffix(40)) \(curl.stderr)")
        let forced = try await run(["run"] + base + ["--http2-prior-knowledge"], in: directory)
        #expect(forced.status == 2)
        #expect(forced.stderr.contains("--http2-prior-knowledge: error: HTTP/2 cannot be forced: AsyncHTTPClient 1.37"), "\(forced.stderr)")
    }

    @Test("courier curl with -k and a proxy for an http URL: the real curl sends an absolute-URI request through it")
    func curlAbsoluteURI() async throws {
        let proxy = try await DemoProxy.start()
        let demo = try await TestServer.url().absoluteString
        let path = uniquePath()
        let directory = try collection("insecure: true\nproxy: \(proxy.url)\n", path: path)
        let export = try await run(["curl", "Net/one", "--var", "base=\(demo)"], in: directory)
        let command = export.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(command.contains("-k") && command.contains("-x '\(proxy.url)'"), "\(command)")
        let curl = try await Processes.run(["/bin/sh", "-c", command + " --silent --show-error --write-out '%{http_code}'"], timeout: 60)
        await proxy.stop()
        #expect(curl.stdoutText.hasSuffix("200"), "\(curl.stderr)")
        #expect(proxy.journal == [ProxiedRequest(kind: .absoluteURI, target: "\(demo)/\(path)", proxyAuthorization: nil, forwarded: true)])
    }

    @Test("The Demo collection's TLS and proxy requests start their listeners on demand: every one passes, and courier curl's certificate files are gone with the command")
    func shippedDemoConnections() async throws {
        let state = try TemporaryDirectory()
        let environment = ["XDG_STATE_HOME": state.url.path, "COURIER_DEMO_URL": try await TestServer.shared().url]
        let tested = try await Processes.run([CourierUnderTest.executable, "test", "Demo/connections", "--collections", Checkout.collections.path],
                                             environment: environment, timeout: 120)
        #expect(tested.status == 0, "\(tested.stdoutText)\(tested.stderr)")
        for name in ["trusted-authority", "insecure", "client-certificate", "through-proxy", "https-through-proxy"] {
            #expect(tested.stdoutText.contains("✓ Demo/connections/\(name)  200 · "), "\(tested.stdoutText)")
        }

        let curl = try await Processes.run([CourierUnderTest.executable, "curl", "Demo/connections/client-certificate",
                                            "--collections", Checkout.collections.path], environment: environment, timeout: 120)
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(curl.stderr.contains("note: {{$demo.https}}, {{$demo.mtls}} and {{$demo.proxy}} are listeners started for this command"))
        let authority = try #require(curl.stdoutText.firstMatch(of: /--cacert '([^']+)'/)?.1)
        #expect(curl.stdoutText.contains("client-key.pem"))
        #expect(!FileManager.default.fileExists(atPath: String(authority)), "the demo certificates outlived the command")
    }
}
