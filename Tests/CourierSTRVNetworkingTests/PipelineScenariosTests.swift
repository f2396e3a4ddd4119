import CourierSTRVNetworking
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The core's cancellation, retry and status scenarios, through `APIManager`.
@Suite("STRV facade: cancellation, retries, statuses, modifiers")
struct PipelineScenariosTests {
    @Test("Cancelling the task cancels the request in flight: CancellationError, no retry, no error processor")
    func cancellation() async throws {
        try await Demo.start()
        let signal = SendSignal()
        let processed = Recorder<String>()
        struct Resolver: ErrorProcessing {
            let processed: Recorder<String>
            func process(_ error: any Error, for endpointRequest: EndpointRequest) async -> any Error {
                processed.append("\(error)")
                return error
            }
        }
        let manager = APIManager(requestAdapters: [signal], errorProcessors: [Resolver(processed: processed)])
        let always = RetryConfiguration(retries: 3, delay: .constant(0)) { _ in true }
        let call = Task { try await manager.request(DemoRouter.delay(30), retryConfiguration: always) }
        await signal.firstSend()
        call.cancel()
        await #expect(throws: CancellationError.self) { _ = try await call.value }
        #expect(signal.calls == 1, "a cancelled request is never retried")
        #expect(processed.values.isEmpty)
    }

    @Test("A task cancelled before the call sends nothing")
    func cancelledBefore() async throws {
        try await Demo.start()
        let signal = SendSignal()
        let manager = APIManager(requestAdapters: [signal])
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await manager.request(DemoRouter.echo("never"), retryConfiguration: nil)
        }
        await #expect(throws: CancellationError.self) { _ = try await call.value }
        #expect(signal.calls == 0)
    }

    @Test("RetryConfiguration.default: 4xx and POST are not retried; without a configuration nothing is")
    func defaultRetries() async throws {
        try await Demo.start()
        let signal = SendSignal()
        let manager = APIManager(requestAdapters: [signal])
        await #expect(throws: NetworkError.self) { try await manager.request(DemoRouter.status(404)) }
        #expect(signal.calls == 1, "404 is not retriable")
        await #expect(throws: NetworkError.self) { try await manager.request(DemoRouter.status(503, method: .post)) }
        #expect(signal.calls == 2, "the default configuration does not repeat a POST")
        await #expect(throws: NetworkError.self) { try await manager.request(DemoRouter.status(503), retryConfiguration: nil) }
        #expect(signal.calls == 3)
        #expect(RetryConfiguration.default.retries == 3 && RetryConfiguration.default.delay == .constant(2))
    }

    @Test("A configuration you make decides for every method; the handler's no stops at once")
    func customRetries() async throws {
        try await Demo.start()
        let signal = SendSignal()
        let manager = APIManager(requestAdapters: [signal])
        let once = RetryConfiguration(retries: 1, delay: .progressive(0.01)) { _ in true }
        await #expect(throws: NetworkError.self) { try await manager.request(DemoRouter.status(500, method: .post), retryConfiguration: once) }
        #expect(signal.calls == 2, "a POST is retried when the configuration says so")
        let never = RetryConfiguration(retries: 5, delay: .constant(0)) { _ in false }
        await #expect(throws: NetworkError.self) { try await manager.request(DemoRouter.status(500), retryConfiguration: never) }
        #expect(signal.calls == 3)
    }

    @Test("An error status is NetworkError.unacceptableStatusCode with the body; acceptableStatusCodes can accept it")
    func statuses() async throws {
        try await Demo.start()
        do {
            try await APIManager().request(DemoRouter.status(422), retryConfiguration: nil)
            Issue.record("a 422 succeeded")
        } catch let NetworkError.unacceptableStatusCode(status, accepted, response) {
            #expect(status == 422 && accepted == 200..<400)
            #expect(String(decoding: response.data, as: UTF8.self).contains("422"))
            #expect((response.response as? HTTPURLResponse)?.statusCode == 422)
        }
        struct Lenient: Requestable {
            var baseURL: URL { Demo.url }
            var path: String { "status/404" }
            var acceptableStatusCodes: Range<HTTPStatusCode>? { 200..<500 }
        }
        let response = try await APIManager().request(Lenient(), retryConfiguration: nil)
        #expect((response.response as? HTTPURLResponse)?.statusCode == 404)
    }

    @Test("Adapters, processors and error processors run with the call; a processor's error is thrown as it is")
    func modifiers() async throws {
        try await Demo.start()
        struct Stamp: RequestAdapting {
            func adapt(_ request: URLRequest, for endpointRequest: EndpointRequest) async throws -> URLRequest {
                var request = request
                request.setValue(endpointRequest.endpoint.path, forHTTPHeaderField: "X-Endpoint")
                return request
            }
        }
        struct Refuse: ResponseProcessing {
            struct Refused: Error {}
            func process(_ response: Response, with urlRequest: URLRequest, for endpointRequest: EndpointRequest) async throws -> Response {
                if endpointRequest.endpoint.path.hasSuffix("refuse") { throw Refused() }
                return response
            }
        }
        struct Rename: ErrorProcessing {
            struct Renamed: Error { let original: String }
            func process(_ error: any Error, for endpointRequest: EndpointRequest) async -> any Error { Renamed(original: "\(type(of: error))") }
        }
        let manager = APIManager(requestAdapters: [Stamp()], responseProcessors: [Refuse()], errorProcessors: [Rename()])
        let echo: Echo = try await manager.request(DemoRouter.echo("stamped"))
        #expect(echo.header("X-Endpoint") == "echo/stamped")
        do {
            try await manager.request(DemoRouter.echo("refuse"), retryConfiguration: nil)
            Issue.record("the processor's error was lost")
        } catch let error as Rename.Renamed {
            #expect(error.original == "Refused")
        }
    }

    @Test("Cookies persist per manager; cURL exports the request; the body and headers go out as declared")
    func pipelineExtras() async throws {
        try await Demo.start()
        struct Cookies: Requestable {
            let store: Bool
            var baseURL: URL { Demo.url }
            var path: String { store ? "cookies/set" : "cookies" }
            var urlParameters: [String: Any]? { store ? ["flavour": "oat"] : nil }
        }
        let manager = APIManager()
        try await manager.request(Cookies(store: true), retryConfiguration: nil)
        let jar: Envelope<[String: String]> = try await manager.request(Cookies(store: false))
        #expect(jar.data == ["flavour": "oat"])

        struct Post: Requestable {
            var baseURL: URL { Demo.url }
            var path: String { "echo/posted" }
            var method: HTTPMethod { .post }
            var headers: [String: String]? { ["X-Trace": "it's 1"] }
            var dataType: RequestDataType? { .encodable(["name": "Ada"]) }
        }
        let echo: Echo = try await manager.request(Post())
        #expect(echo.header("Content-Type") == "application/json" && echo.header("X-Trace") == "it's 1" && echo.bodySize > 0)
        let curl = try manager.cURL(for: Post())
        #expect(curl.contains("'X-Trace: it'\\''s 1'") && curl.contains("/echo/posted"))
        #expect(try Post().asRequest().httpBody == Data(#"{"name":"Ada"}"#.utf8))
    }
}
