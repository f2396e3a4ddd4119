import Courier
import CourierAsyncHTTPClient
import CourierTestSupport
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transports the integration suite runs over.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession, asyncHTTPClient

    var testDescription: String { rawValue }

    /// Runs `body` with an endpoint on the shared server over this transport, shutting it down after.
    func withEndpoint(followsRedirects: Bool = true, _ body: (Endpoint) async throws -> Void) async throws {
        let url = try await TestServer.url()
        switch self {
        case .urlSession:
            try await body(Endpoint(baseUrl: url, retryingCount: 0, transport: URLSessionTransport(followsRedirects: followsRedirects)))
        case .asyncHTTPClient:
            let transport = AsyncHTTPClientTransport(followsRedirects: followsRedirects)
            do {
                try await body(Endpoint(baseUrl: url, retryingCount: 0, transport: transport))
            } catch {
                try await transport.shutdown()
                throw error
            }
            try await transport.shutdown()
        }
    }
}

/// The same integration scenarios over URLSession and over AsyncHTTPClient, against the loopback server.
@Suite("Both transports")
struct TransportParityTests {
    @Test("GET decodes, POST sends JSON, errors decode as the server's error", arguments: TransportKind.allCases)
    func basics(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            let user = try await DefaultRequest<Envelope<User>, String>(path: "users/1", method: .get).asyncExecute(on: endpoint)
            #expect(user.data.id == 1)
            let echo = try await DefaultRequest<Echo, String>(path: "echo", method: .post, body: .params(["name": "Ada"])).asyncExecute(on: endpoint)
            #expect(echo.body == #"{"name":"Ada"}"# && echo.header("Content-Type") == "application/json")
            #expect(echo.header("User-Agent")?.hasPrefix("Courier/") == true)
            let missing = await outcome(of: DefaultRequest<Data, APIError>(path: "users/999", method: .get,
                                                                          errorConverter: KeyPathResponseConverter(path: "error")).execute(on: endpoint))
            guard case .failure(.server(let error, 404)) = missing else {
                Issue.record("expected the server's 404, got \(missing)")
                return
            }
            #expect(error.code == "not_found")
        }
    }

    @Test("Multipart and file uploads arrive intact with exact lengths; progress goes both ways", arguments: TransportKind.allCases)
    func uploads(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            endpoint.multipartSpoolThreshold = 10_000
            let content = Data.pattern(count: 200_000)
            let sent = Mutex<Int64>(0)
            let multipart = DefaultMultipartFormDataRequest<Envelope<UploadSummary>, String>(
                path: "upload", method: .post,
                files: [DefaultMultipartFile(resource: content, mime: .application(.octetStream), fileName: "blob.bin")])
            let summary = try await outcome(of: multipart.execute(on: endpoint).onTransferProgress { progress in
                sent.withLock { $0 = max($0, progress.bytesSent) }
            }).get().data
            #expect(summary.parts.first?.sha256 == sha256Hex(content))
            #expect(sent.withLock { $0 } >= Int64(content.count))

            let folder = try TemporaryDirectory()
            let file = folder.url.appendingPathComponent("raw.bin")
            try content.write(to: file)
            let echo = try await DefaultRequest<Echo, String>(path: "echo", method: .put, body: .file(file)).asyncExecute(on: endpoint)
            #expect(echo.bodyData == content && echo.header("Content-Length") == "200000")
        }
    }

    @Test("Timeouts, cancellation, retries and a dropped connection", arguments: TransportKind.allCases)
    func failures(kind: TransportKind) async throws {
        try await ExclusiveTime.run { try await exclusiveFailures(kind: kind) }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveFailures(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            let slow = await outcome(of: DefaultRequest<Data, String>(path: "delay/2", method: .get, timeout: 0.3).execute(on: endpoint))
            #expect(slow.failureDescription == "The request timed out after 300 ms.")
            let task = Task { try await DefaultRequest<Data, String>(path: "delay/2", method: .get).asyncExecute(on: endpoint) }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            let cancelled = await task.result
            #expect((cancelled.failureDescription ?? "").contains("cancelled"))
            let retried = await debugInfo(of: DefaultRequest<Data, String>(path: "status/503", method: .get).execute(on: endpoint)
                .retry(RetryStrategy(retries: 2, delay: .constant(0.01))))
            #expect(retried.attempts == 3)
            let dropped = await outcome(of: DefaultRequest<Data, String>(path: "drop", method: .get).execute(on: endpoint))
            #expect(dropped.failureDescription?.contains("was lost before the response was complete") == true, "\(String(describing: dropped))")
        }
    }

    @Test("Redirects: 307 keeps the body, and can be turned off", arguments: TransportKind.allCases)
    func redirects(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            let echo = try await DefaultRequest<Echo, String>(path: "redirect/307", method: .post, queryParams: [("to", "/echo/target")],
                                                              body: .params(["name": "Ada"])).asyncExecute(on: endpoint)
            #expect(echo.path == "/echo/target" && echo.method == "POST" && echo.body == #"{"name":"Ada"}"#)
        }
        try await kind.withEndpoint(followsRedirects: false) { endpoint in
            let stopped = await debugInfo(of: DefaultRequest<Data, String>(path: "redirect/302", method: .get).execute(on: endpoint))
            #expect(stopped.statusCode == 302)
        }
    }

    @Test("Gzip decodes, responses stream, downloads land in files, cookies stay per endpoint", arguments: TransportKind.allCases)
    func streams(kind: TransportKind) async throws {
        try await kind.withEndpoint { endpoint in
            let gzip = try await DefaultRequest<Envelope<[String: AnyCodableValue]>, String>(path: "gzip", method: .get).asyncExecute(on: endpoint)
            #expect(gzip.data["gzipped"] == .bool(true))
            let streamed = try await DefaultRequest<Data, String>(path: "drip?bytes=2000&duration=0.4", method: .get).stream(on: endpoint)
            var total = 0
            for try await chunk in streamed.body { total += chunk.count }
            #expect(total == 2000)
            let folder = try TemporaryDirectory()
            let target = folder.url.appendingPathComponent("bytes.bin")
            let downloads = DownloadManager(endpoint: endpoint)
            #expect(await downloads.result(of: downloads.download(url: "bytes/1000000", to: target)) == .completed(file: target, statusCode: 200))
            #expect(try Data(contentsOf: target).count == 1_000_000)
            _ = try await DefaultRequest<Data, String>(path: "cookies/set", method: .get, queryParams: [("k", "v")]).asyncExecute(on: endpoint)
            let cookies = try await DefaultRequest<Envelope<[String: String]>, String>(path: "cookies", method: .get).asyncExecute(on: endpoint)
            #expect(cookies.data == ["k": "v"])
        }
    }

    @Test("A refused connection is a sentence on both", arguments: TransportKind.allCases)
    func refused(kind: TransportKind) async throws {
        let transport: any Transport = kind == .urlSession ? URLSessionTransport() : AsyncHTTPClientTransport()
        let endpoint = Endpoint(baseUrl: try #require(URL(string: "http://127.0.0.1:9")), retryingCount: 0, transport: transport)
        let result = await outcome(of: DefaultRequest<Data, String>(path: "x", method: .get).execute(on: endpoint))
        #expect(result.failureDescription == "Could not connect to 127.0.0.1:9: the connection was refused.")
        try await (transport as? AsyncHTTPClientTransport)?.shutdown()
    }
}

extension Result {
    /// The failure's sentence, for assertions.
    var failureDescription: String? {
        if case .failure(let error) = self { return "\(error)" }
        return nil
    }
}
