import Courier
import CourierAsyncHTTPClient
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport of either kind made with the settings a hostile test needs, shut down after.
private func withTransport(_ kind: TransportKind, trustsRedirects: Bool = false, spooling: ResponseSpooling? = nil,
                           maximumBodySize: Int? = nil, _ body: (any Transport) async throws -> Void) async throws {
    switch kind {
    case .urlSession:
        try await body(URLSessionTransport(trustsRedirects: trustsRedirects, spooling: spooling, maximumBodySize: maximumBodySize))
    case .asyncHTTPClient:
        let transport = AsyncHTTPClientTransport(trustsRedirects: trustsRedirects, spooling: spooling, maximumBodySize: maximumBodySize)
        do {
            try await body(transport)
        } catch {
            try await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }
}

/// The error `send` ends with, or nil when it answers.
private func failure(of transport: any Transport, _ request: URLRequest, body: Data? = nil) async -> TransportError? {
    do {
        _ = try await transport.send(request, body: body, progress: nil)
        return nil
    } catch {
        return error
    }
}

private func request(_ path: String, host: String = "127.0.0.1", method: String = "GET", headers: [String: String] = [:]) async throws -> URLRequest {
    let server = try await TestServer.shared()
    var request = URLRequest(url: try #require(URL(string: "http://\(host):\(server.port)/\(path)")))
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return request
}

/// Each case a hostile loopback server showed (issue 14), over both transports and real sockets.
@Suite("A hostile server")
struct HostileTransportTests {
    @Test("A gzip bomb stops at the body-size limit, counted after decompression; a body under it arrives whole",
          arguments: TransportKind.allCases)
    func gzipBomb(kind: TransportKind) async throws {
        try await withTransport(kind, maximumBodySize: 10_000_000) { transport in
            let error = await failure(of: transport, try await request("hostile/gzip-bomb?mb=64"))
            #expect(error?.kind == .responseTooLarge)
            #expect(error?.description.contains("grew past the size limit of 10000000 bytes (counted after decompression)") == true,
                    "\(String(describing: error))")
            let small = try await transport.send(try await request("hostile/gzip-bomb?mb=2"), body: nil, progress: nil)
            #expect(small.data.count == 2 << 20 && small.data.allSatisfy { $0 == 0 })
        }
    }

    @Test("A plain body past the limit stops too, spooled or not, through send, stream and download",
          arguments: TransportKind.allCases)
    func plainBodyPastTheLimit(kind: TransportKind) async throws {
        let folder = try TemporaryDirectory()
        try await withTransport(kind, spooling: ResponseSpooling(above: 100_000, in: folder.url), maximumBodySize: 1_000_000) { transport in
            #expect(await failure(of: transport, try await request("bytes/3000000"))?.kind == .responseTooLarge)
            let withBody = await failure(of: transport, try await request("bytes/3000000?chunked=1", method: "POST"), body: Data("x".utf8))
            #expect(withBody?.kind == .responseTooLarge, "a request with a body goes through a data task: \(String(describing: withBody))")
            let streamed = try await transport.stream(try await request("bytes/3000000"), transferBody: nil, progress: nil)
            await #expect { for try await _ in streamed.body {} } throws: { ($0 as? TransportError)?.kind == .responseTooLarge }
            let destination = folder.url.appendingPathComponent("download")
            await #expect { _ = try await transport.download(try await request("bytes/3000000"), to: destination, progress: nil) } throws: {
                ($0 as? TransportError)?.kind == .responseTooLarge
            }
            let exact = try await transport.send(try await request("bytes/1000000"), body: nil, progress: nil)
            #expect(exact.data.count == 1_000_000, "a body of exactly the limit is accepted")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0 != "download" }
        #expect(left.isEmpty, "no spool file is left behind: \(left)")
    }

    @Test("AsyncHTTPClient spools a large body to a file and hands it back mapped, whole, the file already gone")
    func asyncHTTPClientSpools() async throws {
        let folder = try TemporaryDirectory()
        try await withTransport(.asyncHTTPClient, spooling: ResponseSpooling(above: 100_000, in: folder.url)) { transport in
            let response = try await transport.send(try await request("bytes/3000000"), body: nil, progress: nil)
            #expect(response.data.count == 3_000_000)
            #expect(response.data.indices.allSatisfy { response.data[$0] == DeterministicBytes.byte(at: $0) }, "every byte in place")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "the spool file is unlinked once mapped")
            let small = try await transport.send(try await request("bytes/500"), body: nil, progress: nil)
            #expect(small.data.count == 500)
        }
        let unwritable = URL(fileURLWithPath: "/proc/courier-no-such-folder")
        try await withTransport(.asyncHTTPClient, spooling: ResponseSpooling(above: 1000, in: unwritable)) { transport in
            let error = await failure(of: transport, try await request("bytes/5000"))
            #expect(error?.description.contains("could not be spooled to /proc/courier-no-such-folder") == true, "\(String(describing: error))")
        }
    }

    private static let credentials = ["Authorization": "Bearer secret-token", "Proxy-Authorization": "Basic cHJveHk6cGFzcw==",
                                      "Cookie": "session=abc"]

    @Test("Credentials stay behind when a redirect goes to another host, unless the request trusts its redirects",
          arguments: TransportKind.allCases)
    func credentialsOnRedirects(kind: TransportKind) async throws {
        let port = try await TestServer.shared().port
        let otherHost = "hostile/redirect?to=http://localhost:\(port)/echo"
        for (method, body) in [("GET", nil), ("POST", Data("payload".utf8))] as [(String, Data?)] {
            try await withTransport(kind) { transport in
                let crossed = try await transport.send(try await request(otherHost, method: method, headers: Self.credentials), body: body, progress: nil)
                let echo = try JSONDecoder().decode(Echo.self, from: crossed.data)
                #expect(echo.path == "/echo")
                for name in Self.credentials.keys { #expect(echo.header(name) == nil, "\(name) reached localhost after \(method)") }
                let same = try await transport.send(try await request("hostile/redirect?to=/echo", method: method, headers: Self.credentials),
                                                    body: body, progress: nil)
                let sameEcho = try JSONDecoder().decode(Echo.self, from: same.data)
                for (name, value) in Self.credentials { #expect(sameEcho.header(name) == value, "\(name) is kept on the same origin") }
            }
            try await withTransport(kind, trustsRedirects: true) { transport in
                let trusted = try await transport.send(try await request(otherHost, method: method, headers: Self.credentials), body: body, progress: nil)
                let echo = try JSONDecoder().decode(Echo.self, from: trusted.data)
                for (name, value) in Self.credentials { #expect(echo.header(name) == value, "trusted: \(name) follows") }
            }
        }
        // 307 with a body is followed by URLSessionTransport itself: the same rule.
        try await withTransport(kind) { transport in
            let repeated = try await transport.send(try await request("hostile/redirect?code=307&to=http://localhost:\(port)/echo", method: "PUT",
                                                                     headers: Self.credentials), body: Data("kept".utf8), progress: nil)
            let echo = try JSONDecoder().decode(Echo.self, from: repeated.data)
            #expect(echo.body == "kept" && echo.header("Authorization") == nil && echo.header("Cookie") == nil)
        }
    }

    @Test("A redirect to another scheme is not followed; the error names the target as sent", arguments: TransportKind.allCases)
    func otherSchemes(kind: TransportKind) async throws {
        let server = try await TestServer.shared()
        try await withTransport(kind) { transport in
            for target in ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1:\(server.port)/echo"] {
                let before = server.statistics.count(for: "/etc/passwd")
                for (method, body) in [("GET", nil), ("PUT", Data("x".utf8))] as [(String, Data?)] {
                    let escaped = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? target
                    let code = method == "PUT" ? "307" : "302"
                    let error = await failure(of: transport, try await request("hostile/redirect?code=\(code)&to=\(escaped)", method: method), body: body)
                    #expect(error?.kind == .redirectRefused, "\(target) after \(method): \(String(describing: error))")
                    #expect(error?.description == "127.0.0.1:\(server.port) redirected to \(target), which is not an http or https URL; the redirect was not followed.")
                }
                #expect(server.statistics.count(for: "/etc/passwd") == before, "file:///etc/passwd never becomes GET /etc/passwd")
            }
        }
    }

    @Test("A 1 MiB header line ends with a sentence saying the headers are too large", arguments: TransportKind.allCases)
    func hugeHeaderLine(kind: TransportKind) async throws {
        try await withTransport(kind) { transport in
            let error = await failure(of: transport, try await request("hostile/huge-header?kb=1024"))
            #expect(error?.kind == .responseHeadTooLarge, "\(String(describing: error))")
            #expect(error?.description.contains("its headers are too large to read") == true)
            let fine = try await transport.send(try await request("hostile/huge-header?kb=4"), body: nil, progress: nil)
            #expect(fine.response.value(forHTTPHeaderField: "X-Huge")?.count == 4096, "a 4 KiB header line is fine")
        }
    }

    @Test("AsyncHTTPClient survives a connection closed in the middle of the headers (URLSession would kill the process, L15)")
    func headCutOff() async throws {
        try await withTransport(.asyncHTTPClient) { transport in
            let error = await failure(of: transport, try await request("hostile/cut-head"))
            #expect(error?.kind == .connectionLost, "\(String(describing: error))")
            #expect(error?.description.hasPrefix("The connection to 127.0.0.1:") == true)
        }
    }
}
