import CourierTestSupport
import Foundation
import Testing

/// `courier run` and `courier test` against the demo server's hostile routes, through the real
/// binary in a child process: a crash there would end the process, which no in-process test sees.
@Suite("courier against a hostile server")
struct HostileServerCommandTests {
    /// A collection on `{{$demo}}` with one request per hostile route.
    private static func collection(port: Int) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: \"{{$demo}}\"\n")
        try directory.write("API/cut.yaml", "path: hostile/cut-head\n")
        try directory.write("API/bomb.yaml", "path: hostile/gzip-bomb?mb=64\n")
        try directory.write("API/small-bomb.yaml", "path: hostile/gzip-bomb?mb=2\n")
        try directory.write("API/echo.yaml", "path: echo\n")
        let redirect = "path: hostile/redirect\nquery:\n  - {name: to, value: \"http://localhost:\(port)/echo\"}\n"
            + "auth: {bearer: secret-token}\nheaders:\n  - {name: Cookie, value: session=abc}\n"
        try directory.write("API/leave.yaml", redirect)
        try directory.write("API/trusted.yaml", redirect + "trustRedirects: true\n")
        try directory.write("API/scheme.yaml", "path: hostile/redirect\nquery:\n  - {name: to, value: \"file:///etc/passwd\"}\n")
        return directory
    }

    private static func headers(of stdout: Data) throws -> [String: String] {
        let echo = try #require(try JSONSerialization.jsonObject(with: stdout) as? [String: Any])
        let pairs = try #require(echo["headers"] as? [[String]])
        return Dictionary(pairs.map { ($0[0].lowercased(), $0[1]) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("A connection closed in the middle of the headers: exit 3 and a sentence by default; FoundationNetworking kills the process (L15)")
    func headCutOff() async throws {
        let courier = try CourierUnderTest()
        let directory = try Self.collection(port: try await TestServer.shared().port)
        let collections = directory.url
        let run = try await courier.run(["run", "API/cut"], collections: collections)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("The connection to 127.0.0.1:") && run.stderr.contains("was lost before the response was complete"), "\(run.stderr)")
        // The limitation the default exists for, kept visible: URLSession on Linux traps.
        let crashed = try await courier.run(["run", "API/cut", "--transport", "urlsession"], collections: collections)
        #expect(crashed.status > 128, "killed by a signal, not an exit: \(crashed.status) \(crashed.stderr)")
        #expect(crashed.stderr.contains("Fatal error: Transfer completed, but there's no response."), "\(crashed.stderr)")
    }

    @Test("A gzip bomb stops at --max-size or max-size: in config.yaml, with exit 3, over both transports; a body under 4 GB passes")
    func gzipBomb() async throws {
        let courier = try CourierUnderTest()
        let directory = try Self.collection(port: try await TestServer.shared().port)
        let collections = directory.url
        for transport in ["asynchttpclient", "urlsession"] {
            let run = try await courier.run(["run", "API/bomb", "--max-size", "1MB", "--transport", transport], collections: collections)
            // stdout is a pipe, so the body streams as it arrives: what came before the limit may be
            // there, never more than the limit.
            #expect(run.status == 3 && run.stdout.count <= 1_000_000, "\(transport): \(run.stdout.count) B, \(run.stderr)")
            #expect(run.stderr.contains("its body grew past the size limit of 1000000 bytes (counted after decompression)"), "\(transport): \(run.stderr)")
        }
        let test = try await courier.run(["test", "API/bomb", "--max-size", "512KiB"], collections: collections)
        #expect(test.status == 3, "\(test.stderr)\(test.stdoutText)")
        #expect((test.stdoutText + test.stderr).contains("size limit of 524288 bytes"), "\(test.stdoutText)")

        let config = try TemporaryDirectory()
        try config.write("courier/config.yaml", "max-size: 2 MB\n")
        let url = try await TestServer.url().absoluteString
        let configured = try await Processes.run([courier.path, "run", "API/bomb", "--collections", collections.path],
                                                 environment: ["XDG_STATE_HOME": courier.state.url.path, "COURIER_DEMO_URL": url,
                                                               "XDG_CONFIG_HOME": config.url.path], timeout: 120)
        #expect(configured.status == 3 && configured.stderr.contains("size limit of 2000000 bytes"), "\(configured.stderr)")
        try config.write("courier/config.yaml", "max-size: lots\n")
        let broken = try await Processes.run([courier.path, "run", "API/small-bomb", "--collections", collections.path],
                                             environment: ["XDG_STATE_HOME": courier.state.url.path, "COURIER_DEMO_URL": url,
                                                           "XDG_CONFIG_HOME": config.url.path], timeout: 120)
        #expect(broken.status == 0 && broken.stderr.contains("config.yaml:1:11: max-size takes a size such as 10MB, 4GB or 1048576 (ignored)"),
                "\(broken.stderr)")

        let fine = try await courier.run(["run", "API/small-bomb"], collections: collections)
        #expect(fine.status == 0 && fine.stdout.count == 2 << 20, "\(fine.stderr)")
        let usage = try await courier.run(["run", "API/small-bomb", "--max-size", "lots"], collections: collections)
        #expect(usage.status == 2 && usage.stderr.contains("--max-size takes a size such as 10MB, 4GB or 1048576; 'lots' is not one"), "\(usage.stderr)")
    }

    @Test("transport: in the request, the environment and collection.yaml, nearest first, and --transport over all of them")
    func transportChoice() async throws {
        let courier = try CourierUnderTest()
        let directory = try Self.collection(port: try await TestServer.shared().port)
        // AsyncHTTPClient asks for exactly "gzip, deflate"; libcurl under URLSession for its own list.
        func transport(_ arguments: [String]) async throws -> String {
            let run = try await courier.run(["run", "API/echo"] + arguments, collections: directory.url)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            return try Self.headers(of: run.stdout)["accept-encoding"] == "gzip, deflate" ? "asynchttpclient" : "urlsession"
        }
        #expect(try await transport([]) == "asynchttpclient", "the app's default")
        #expect(try await transport(["--transport", "urlsession"]) == "urlsession")
        try directory.write("API/collection.yaml", "baseUrl: \"{{$demo}}\"\ntransport: urlsession\n")
        #expect(try await transport([]) == "urlsession", "collection.yaml")
        try directory.write("API/environments/other.yaml", "transport: asynchttpclient\n")
        #expect(try await transport(["--env", "other"]) == "asynchttpclient", "the environment over collection.yaml")
        try directory.write("API/echo.yaml", "path: echo\ntransport: urlsession\n")
        #expect(try await transport(["--env", "other"]) == "urlsession", "the request over the environment")
        #expect(try await transport(["--env", "other", "--transport", "asynchttpclient"]) == "asynchttpclient", "--transport over the files")

        try directory.write("API/echo.yaml", "path: echo\ntransport: pigeon\n")
        let bad = try await courier.run(["run", "API/echo"], collections: directory.url)
        #expect(bad.status == 2 && bad.stderr.contains("API/echo.yaml:2:12: error: transport takes urlsession or asynchttpclient, found 'pigeon'"),
                "\(bad.stderr)")
        try directory.write("API/echo.yaml", "path: echo\n")
        try directory.write("API/environments/other.yaml", "transport: pigeon\n")
        let badEnvironment = try await courier.run(["run", "API/echo", "--env", "other"], collections: directory.url)
        #expect(badEnvironment.status == 2 && badEnvironment.stderr.contains("other.yaml:1:12: error: transport takes urlsession or asynchttpclient, found 'pigeon'"),
                "\(badEnvironment.stderr)")
        let badFlag = try await courier.run(["run", "API/echo", "--transport", "pigeon"], collections: directory.url)
        #expect(badFlag.status == 2 && badFlag.stderr.contains("pigeon"), "\(badFlag.stderr)")
    }

    @Test("Credentials stay behind on a redirect from 127.0.0.1 to localhost unless trustRedirects: true; other schemes end with exit 3",
          arguments: ["asynchttpclient", "urlsession"])
    func redirects(transport: String) async throws {
        let courier = try CourierUnderTest()
        let directory = try Self.collection(port: try await TestServer.shared().port)
        let collections = directory.url
        let left = try await courier.run(["run", "API/leave", "--transport", transport], collections: collections)
        #expect(left.status == 0, "\(left.stderr)")
        let leftHeaders = try Self.headers(of: left.stdout)
        #expect(leftHeaders["authorization"] == nil && leftHeaders["cookie"] == nil, "\(leftHeaders)")
        let trusted = try await courier.run(["run", "API/trusted", "--transport", transport], collections: collections)
        let trustedHeaders = try Self.headers(of: trusted.stdout)
        #expect(trustedHeaders["authorization"] == "Bearer secret-token" && trustedHeaders["cookie"] == "session=abc", "\(trustedHeaders)")
        let curl = try await courier.run(["curl", "API/trusted"], collections: collections)
        #expect(curl.stdoutText.contains("--location-trusted"), "\(curl.stdoutText)")

        let scheme = try await courier.run(["run", "API/scheme", "--transport", transport], collections: collections)
        #expect(scheme.status == 3, "\(scheme.stderr)")
        #expect(scheme.stderr.contains("redirected to file:///etc/passwd, which is not an http or https URL; the redirect was not followed."),
                "\(scheme.stderr)")
    }
}
