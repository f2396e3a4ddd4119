import Courier
import CourierCollections
import CourierTestSupport
import Foundation
import Synchronization
import Testing

/// `insecure`, `caCert`, `clientCert`, `clientKey`, `proxy` and `noProxy` as the resolver reads
/// them from request files, environments, `collection.yaml` and flags; the environment's proxy
/// variables; what the urlsession transport refuses; secrets and exports.
@Suite("Connection settings of a request")
struct ConnectionSettingsTests {
    private final class Recorder: Sendable {
        let asked = Mutex<[(TransportName, TransportSettings)]>([])

        func selection(flags: ConnectionDefinition) -> TransportSelection {
            var selection = TransportSelection(standard: .asynchttpclient) { name, settings in
                self.asked.withLock { $0.append((name, settings)) }
                return URLSessionTransport()
            }
            selection.connection = flags
            return selection
        }
    }

    private struct Resolved {
        let settings: TransportSettings
        let resolution: Resolution
        let root: URL
    }

    private func resolve(_ files: [String: String], environment: String? = nil, flags: ConnectionDefinition = ConnectionDefinition(),
                         processEnvironment: [String: String] = [:]) throws -> Resolved {
        let directory = try TemporaryDirectory()
        for (path, text) in files { try directory.write(path, text) }
        let tree = CollectionLoader.load(directory.url)
        let loaded = try #require(tree.request(id: "API/one"), "\(tree.diagnostics)")
        let values = try EnvironmentValues.selected(environment, collectionRoot: loaded.collectionRoot)
        let context = RequestResolver.context(for: loaded, environment: values, overrides: [:], processEnvironment: processEnvironment, demoURL: nil)
        let recorder = Recorder()
        let resolution = try RequestResolver(context: context, transports: recorder.selection(flags: flags)).resolution(of: loaded)
        let settings = try #require(recorder.asked.withLock { $0.last?.1 })
        return Resolved(settings: settings, resolution: resolution, root: directory.url.resolvingSymlinksInPath())
    }

    @Test("Each key at each level; the request's over the environment's over collection.yaml's, flags over all")
    func precedence() throws {
        var files = [
            "API/collection.yaml": "baseUrl: http://127.0.0.1:1\ncaCert: certs/ca.pem\nproxy: http://collection:1\nnoProxy: [internal]\n",
            "API/one.yaml": "path: a\n",
        ]
        var resolved = try resolve(files)
        #expect(resolved.settings.tls.caCertificatePath?.hasSuffix("/API/certs/ca.pem") == true, "relative to collection.yaml's folder")
        #expect(resolved.settings.proxies == ProxySettings(http: ProxyServer(kind: .http, host: "collection", port: 1),
                                                           https: ProxyServer(kind: .http, host: "collection", port: 1), noProxy: ["internal"]))
        files["API/environments/dev.yaml"] = "insecure: \"true\"\nproxy: http://environment:2\nclientCert: client.pem\n"
        resolved = try resolve(files, environment: "dev")
        #expect(resolved.settings.tls.insecure)
        #expect(resolved.settings.tls.clientCertificatePath?.hasSuffix("/API/client.pem") == true, "relative to the collection's folder")
        #expect(resolved.settings.proxies.http?.host == "environment")
        files["API/one.yaml"] = "path: a\ninsecure: false\nproxy: socks5://request:3\nclientKey: keys/client.key\n"
        resolved = try resolve(files, environment: "dev")
        #expect(!resolved.settings.tls.insecure)
        #expect(resolved.settings.proxies.https == ProxyServer(kind: .socks5, host: "request", port: 3))
        #expect(resolved.settings.tls.clientKeyPath?.hasSuffix("/API/keys/client.key") == true)
        resolved = try resolve(files, environment: "dev", flags: ConnectionDefinition(insecure: true, proxy: "", noProxy: ["*"]))
        #expect(resolved.settings.tls.insecure)
        #expect(resolved.settings.proxies.isEmpty, "--proxy \"\" sends past every proxy")
        #expect(resolved.resolution.connection.lines.contains { $0.contains("(insecure, --insecure)") })
    }

    @Test("The environment's proxy variables apply to the AsyncHTTPClient transport, and noProxy: over NO_PROXY")
    func environmentVariables() throws {
        var files = ["API/collection.yaml": "baseUrl: http://127.0.0.1:1\n", "API/one.yaml": "path: a\n"]
        let variables = ["HTTPS_PROXY": "http://upper:8443", "http_proxy": "http://lower:8080", "NO_PROXY": "internal"]
        var resolved = try resolve(files, processEnvironment: variables)
        #expect(resolved.settings.proxies == ProxySettings(http: ProxyServer(kind: .http, host: "lower", port: 8080),
                                                           https: ProxyServer(kind: .http, host: "upper", port: 8443), noProxy: ["internal"]))
        #expect(resolved.resolution.connection.lines.contains("Proxy for https URLs: http://upper:8443 (from the environment)"))
        #expect(resolved.resolution.connection.curlArguments.isEmpty, "curl reads the environment itself")
        files["API/one.yaml"] = "path: a\nnoProxy: other\n"
        #expect(try resolve(files, processEnvironment: variables).settings.proxies.noProxy == ["other"])
        files["API/one.yaml"] = "path: a\ntransport: urlsession\n"
        resolved = try resolve(files, processEnvironment: variables)
        #expect(resolved.settings.proxies == .direct, "under URLSession libcurl reads them itself")
        #expect(throws: ResolveError.self) {
            try resolve(["API/collection.yaml": "baseUrl: http://127.0.0.1:1\n", "API/one.yaml": "path: a\n"],
                        processEnvironment: ["https_proxy": "https://tls-proxy:443"])
        }
    }

    @Test("transport: urlsession refuses each setting with a sentence and the key's place, never sends without it", arguments: [
        ("insecure: true", "insecure: true cannot be honoured by the urlsession transport: FoundationNetworking has no API to turn certificate checks off"),
        ("caCert: ca.pem", "caCert cannot be honoured by the urlsession transport: FoundationNetworking has no API to trust another authority"),
        ("clientCert: client.pem", "clientCert cannot be honoured by the urlsession transport: FoundationNetworking has no API for client certificates"),
        ("clientKey: client.key", "clientKey cannot be honoured by the urlsession transport: FoundationNetworking has no API for client certificates"),
        ("proxy: http://proxy:3128", "proxy cannot be honoured by the urlsession transport: FoundationNetworking has no API to choose a proxy"),
        ("noProxy: internal", "noProxy cannot be honoured by the urlsession transport: FoundationNetworking has no API to choose a proxy"),
        ("httpVersion: \"1.1\"", "httpVersion cannot be honoured by the urlsession transport: FoundationNetworking has no API to choose the HTTP version"),
    ])
    func urlSessionRefuses(line: String, sentence: String) throws {
        let files = ["API/collection.yaml": "baseUrl: http://127.0.0.1:1\n", "API/one.yaml": "path: a\ntransport: urlsession\n\(line)\n"]
        #expect {
            try resolve(files)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("API/one.yaml:3:1: error: \(sentence)") && text.contains("transport: asynchttpclient")
        }
    }

    @Test("httpVersion: 1.1 keeps the AsyncHTTPClient transport to HTTP/1.1 and says so in Debug and curl; 2 (forcing HTTP/2) is refused with a sentence, from a file or a flag")
    func httpVersion() throws {
        var files = ["API/collection.yaml": "baseUrl: http://127.0.0.1:1\n", "API/one.yaml": "path: a\nhttpVersion: \"1.1\"\n"]
        let resolved = try resolve(files)
        #expect(resolved.settings.http1Only)
        let lines = resolved.resolution.connection.lines
        #expect(lines.count == 1 && lines.first?.hasPrefix("HTTP/1.1 only, never HTTP/2 (httpVersion, ") == true
                && lines.first?.hasSuffix("API/one.yaml:2:1)") == true, "\(lines)")
        let command = try ExportFormat.curl.command(for: resolved.resolution.request, auth: nil, connection: resolved.resolution.connection)
        #expect(command.text().contains("--http1.1"))

        files["API/one.yaml"] = "path: a\nhttpVersion: 2\n"
        #expect {
            try resolve(files)
        } throws: { error in
            String(describing: error).contains("API/one.yaml:2:1: error: HTTP/2 cannot be forced: AsyncHTTPClient 1.37 speaks HTTP/2 only where a server offers it")
        }
        files["API/one.yaml"] = "path: a\n"
        #expect {
            try resolve(files, flags: ConnectionDefinition(httpVersion: "2"))
        } throws: { String(describing: $0).contains("--http2-prior-knowledge: error: HTTP/2 cannot be forced") }
        #expect(try resolve(files, flags: ConnectionDefinition(httpVersion: "1.1")).settings.http1Only)
        #expect(try !resolve(files).settings.http1Only)
    }

    @Test("A flag is refused under urlsession with the flag's name")
    func urlSessionRefusesFlags() throws {
        let files = ["API/collection.yaml": "baseUrl: http://127.0.0.1:1\ntransport: urlsession\n", "API/one.yaml": "path: a\n"]
        #expect {
            try resolve(files, flags: ConnectionDefinition(insecure: true))
        } throws: { String(describing: $0).contains("--insecure: error: insecure: true cannot be honoured by the urlsession transport") }
    }

    @Test("The proxy password is a secret: masked in --redact exports, the lines Debug shows and error sentences")
    func secrets() throws {
        let files = ["API/collection.yaml": "baseUrl: http://127.0.0.1:1\n",
                     "API/one.yaml": "path: a\nproxy: http://ada:hunter2@127.0.0.1:3128\nnoProxy: [internal, .corp]\ninsecure: true\ncaCert: /etc/ca.pem\n"]
        let resolved = try resolve(files)
        let redactor = resolved.resolution.redactor
        #expect(redactor.redact("could not reach http://ada:hunter2@127.0.0.1:3128") == "could not reach http://ada:••••••@127.0.0.1:3128")
        #expect(resolved.resolution.connection.lines.contains("Proxy: http://ada:••••••@127.0.0.1:3128 (proxy, API/one.yaml:2:1)")
                    || resolved.resolution.connection.lines.contains { $0.hasPrefix("Proxy: http://ada:••••••@127.0.0.1:3128 (proxy, ") })
        let command = try ExportFormat.curl.command(for: resolved.resolution.request, auth: nil, connection: resolved.resolution.connection)
        let shown = command.text()
        for option in ["-k", "--cacert '/etc/ca.pem'", "-x 'http://ada:hunter2@127.0.0.1:3128'", "--noproxy 'internal,.corp'"] {
            #expect(shown.contains(option), "\(option) in \(shown)")
        }
        #expect(!command.text(redactedBy: redactor).contains("hunter2"))
        #expect(command.text(redactedBy: redactor).contains("-x 'http://ada:••••••@127.0.0.1:3128'"))
        let httpie = try ExportFormat.httpie.command(for: resolved.resolution.request, auth: nil, connection: resolved.resolution.connection)
        #expect(httpie.text().contains("--verify=no"))
        #expect(httpie.text().contains("--proxy https:http://ada:hunter2@127.0.0.1:3128"), "\(httpie.text())")
        #expect(!httpie.text(redactedBy: redactor).contains("hunter2"))
    }

    @Test("Bad values are errors with file:line:column")
    func badValues() throws {
        let (_, problems) = DocumentParser.request("path: a\ninsecure: maybe\nproxy: [a]\n", file: "one.yaml")
        #expect(problems.count == 2 && problems.allSatisfy { $0.severity == .error })
        #expect(problems.first?.description.hasPrefix("one.yaml:2:") == true)
        let files = ["API/collection.yaml": "baseUrl: http://127.0.0.1:1\n", "API/one.yaml": "path: a\nproxy: https://secure:443\n"]
        #expect {
            try resolve(files)
        } throws: { String(describing: $0).contains("API/one.yaml:2:1: error: proxy: an https:// proxy") }
        let environment = ["API/collection.yaml": "baseUrl: http://127.0.0.1:1\n", "API/one.yaml": "path: a\n",
                           "API/environments/dev.yaml": "insecure: maybe\n"]
        #expect {
            try resolve(environment, environment: "dev")
        } throws: { String(describing: $0).contains("dev.yaml:1:11: error: insecure takes true or false, found 'maybe'") }
        let (_, versionProblems) = DocumentParser.request("path: a\nhttpVersion: 3\n", file: "one.yaml")
        #expect(versionProblems.map(\.description) == ["one.yaml:2:14: error: httpVersion takes \"1.1\" or \"2\", found '3'"])
        var environmentVersion = environment
        environmentVersion["API/environments/dev.yaml"] = "httpVersion: \"1.0\"\n"
        #expect {
            try resolve(environmentVersion, environment: "dev")
        } throws: { String(describing: $0).contains("error: httpVersion takes \"1.1\" or \"2\", found '1.0'") }
    }

    @Test("A new file written from a definition keeps every connection key and reads back the same")
    func writtenAndReadBack() throws {
        var request = RequestDefinition()
        request.path = "a"
        request.connection = ConnectionDefinition(insecure: true, caCert: "certs/ca.pem", clientCert: "certs/me.pem", clientKey: "certs/me-key.pem",
                                                  proxy: "http://ada:{{proxyPassword}}@127.0.0.1:3128", noProxy: ["localhost", ".internal"],
                                                  httpVersion: "1.1")
        let text = CollectionWriter.text(of: request)
        let (read, problems) = DocumentParser.request(text, file: "one.yaml")
        #expect(problems.isEmpty, "\(problems)")
        #expect(read?.connection == request.connection, "\(text)")

        var collection = CollectionDefinition()
        collection.connection = ConnectionDefinition(proxy: "socks5://127.0.0.1:1080", noProxy: ["127.0.0.1"])
        let collectionText = CollectionWriter.text(of: collection)
        let (readCollection, collectionProblems) = DocumentParser.collection(collectionText, file: "collection.yaml")
        #expect(collectionProblems.isEmpty, "\(collectionProblems)")
        #expect(readCollection?.connection == collection.connection, "\(collectionText)")
    }
}
