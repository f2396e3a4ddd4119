import Courier
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Every example of NerdzNetworking's tutorial and documentation, written as the seed writes it
// (typos fixed: `method`, `.patch`, `["key": "value"]`, `cancel()`), run against the loopback server.
// Serialized because it sets the process-wide `Endpoint.default`; no other suite touches it.

/// "Separate class for each request"
final class MyRequest: Request {
    typealias ResponseObjectType = Echo
    typealias ErrorType = String

    let path = "echo/my/path/to/backend"                                   // Required
    let method: HTTPMethod = .post                                         // Optional
    let queryParams = [("key", "value")]                                   // Optional
    let body: RequestBody? = .params(["key": "value"])                     // Optional
    let headers: RequestHeaders = [RequestHeaderKey("key"): "value", .contentType: "application/json"] // Optional
    let timeout: TimeInterval? = 60                                        // Optional
    let endpoint: Endpoint?                                                // Optional

    init(endpoint: Endpoint? = nil) { self.endpoint = endpoint }
}

/// "Multipart request"
final class MyMultipartRequest: MultipartFormDataRequest {
    typealias ResponseObjectType = Envelope<UploadSummary>
    typealias ErrorType = String

    let path = "upload"
    let method: HTTPMethod = .post
    let files: [MultipartFile]

    init(fileData: Data, fileUrl: URL, filePath: String) {
        files = [
            DefaultMultipartFile(resource: fileData, mime: .image(.png), fileName: "avatar1"),
            DefaultMultipartFile(resource: fileUrl, mime: .audio(.mp4), fileName: "song"),
            DefaultMultipartFile(resource: filePath, mime: .image(.jpeg), fileName: "avatar2"),
        ]
    }
}

/// "Custom ResponseJsonConverter"
final class MyResponseConverter: ResponseJsonConverter {
    func convertedJson(from json: Any) throws -> Any {
        guard let object = json as? [String: Any], let data = object["data"] else { throw ConverterError(message: "no data") }
        return data
    }
}

/// The "KeyPathResponseConverter" and "ClosureResponseConverter" examples: converters as computed properties.
struct ConvertedUserRequest: Request {
    typealias ResponseObjectType = User
    typealias ErrorType = APIError

    let path: String
    let useClosures: Bool

    var responseConverter: ResponseJsonConverter? {
        if useClosures {
            return ClosureResponseConverter { response in
                guard let object = response as? [String: Any], let data = object["data"] else { throw ConverterError(message: "no data") }
                return data
            }
        }
        return KeyPathResponseConverter(path: "data")
    }

    var errorConverter: ResponseJsonConverter? {
        if useClosures {
            return ClosureResponseConverter { response in (response as? [String: Any])?["error"] ?? response }
        }
        return KeyPathResponseConverter(path: "error")
    }
}

@Suite("The seed's tutorial and documentation", .serialized)
struct SeedExamplesTests {
    @Test("Endpoint setup, default endpoint and the three ways to execute")
    func endpointSetupAndExecution() async throws {
        let myBaseUrl = try await TestServer.url()
        let tokenString = "t0k3n"
        let defaultHeaders: RequestHeaders = [RequestHeaderKey("X-OS"): "Linux", .acceptLanguage: "en"]

        let endpoint = Endpoint(baseUrl: myBaseUrl)
        endpoint.headers = defaultHeaders
        endpoint.headers.authToken = .bearer(tokenString)
        Endpoint.default = endpoint
        defer { Endpoint.default = nil }

        // myRequest.execute(): on Endpoint.default
        let viaDefault = try await outcome(of: MyRequest().execute()).get()
        #expect(viaDefault.method == "POST")
        #expect(viaDefault.path == "/echo/my/path/to/backend")
        #expect(viaDefault.query == "key=value")
        #expect(viaDefault.body == #"{"key":"value"}"#)
        #expect(viaDefault.header("Authorization") == "Bearer t0k3n")
        #expect(viaDefault.header("X-OS") == "Linux")
        #expect(viaDefault.header("key") == "value")
        #expect(viaDefault.header("Content-Type") == "application/json")

        // myRequest.execute(on: myEndpoint) and myEndpoint.execute(myRequest)
        let other = Endpoint(baseUrl: myBaseUrl, headers: [RequestHeaderKey("X-Which"): "other"])
        let viaOn = try await outcome(of: MyRequest().execute(on: other)).get()
        let viaEndpoint = try await outcome(of: other.execute(MyRequest())).get()
        #expect(viaOn.header("X-Which") == "other" && viaOn.header("Authorization") == nil)
        #expect(viaEndpoint.header("X-Which") == "other")

        // A request's own endpoint wins over the default.
        let own = try await outcome(of: MyRequest(endpoint: other).execute()).get()
        #expect(own.header("X-Which") == "other")

        // useAsDefault()
        other.useAsDefault()
        #expect(Endpoint.default === other)
    }

    @Test("Executing with no endpoint anywhere fails with a sentence")
    func noEndpoint() async {
        Endpoint.default = nil
        let result = await outcome(of: DefaultRequest<Data, String>(path: "users", method: .get).execute())
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error.description == "The request could not be built: no endpoint: pass one to execute(on:) or set Endpoint.default.")
    }

    // Here rather than with the other `exchange` tests: it needs `Endpoint.default` unset, which
    // this serialized suite owns (a clean clone's whole run once saw another test's default).
    @Test("Without an endpoint, exchange fails as invalidRequest(.noEndpoint) and sends nothing")
    func noEndpointExchange() async {
        Endpoint.default = nil
        let exchange = await DefaultRequest<Data, String>(path: "users", method: .get).exchange()
        guard case .failure(.invalidRequest(.noEndpoint)) = exchange.result else {
            Issue.record("expected noEndpoint, got \(exchange.result)")
            return
        }
        #expect(exchange.debug.attempts == 0)
    }

    @Test("Default request with every initializer parameter")
    func defaultRequest() async throws {
        let myEndpoint = Endpoint(baseUrl: try await TestServer.url())
        let myResponseConverter = KeyPathResponseConverter(path: "data")
        let myErrorConverter = KeyPathResponseConverter(path: "error")
        let decoder = JSONDecoder()
        let myRequest = DefaultRequest<User, APIError>(
            path: "users",
            method: .post,
            queryParams: [("key", "value")],
            body: .params(["name": "Ada", "email": "ada@lovelace.org"]),
            headers: [RequestHeaderKey("key"): "value", .contentType: "application/json"],
            timeout: 60,
            responseConverter: myResponseConverter,
            errorConverter: myErrorConverter,
            endpoint: myEndpoint,
            decoder: decoder)
        let user = try await outcome(of: myRequest.execute()).get()
        #expect(user.name == "Ada" && user.email == "ada@lovelace.org")

        // The documented properties are read-write.
        var invalid = myRequest
        invalid.body = .params(["name": "No Email"])
        let failure = await outcome(of: invalid.execute())
        guard case .failure(.server(let error, 422)) = failure else {
            Issue.record("expected a 422 validation error, got \(failure)")
            return
        }
        #expect(error.message == "name and a valid email are required")
    }

    @Test("Multipart request with Data, URL and path resources")
    func multipartRequest() async throws {
        let endpoint = Endpoint(baseUrl: try await TestServer.url())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileData = Data.pattern(count: 2048, seed: 1)
        let song = Data.pattern(count: 5000, seed: 2)
        let photo = Data.pattern(count: 700, seed: 3)
        let fileUrl = directory.appendingPathComponent("song.m4a")
        let filePath = directory.appendingPathComponent("avatar2.jpg").path
        try song.write(to: fileUrl)
        try photo.write(to: URL(fileURLWithPath: filePath))

        let summary = try await outcome(of: MyMultipartRequest(fileData: fileData, fileUrl: fileUrl, filePath: filePath)
            .execute(on: endpoint)).get().data
        #expect(summary.parts.map(\.filename) == ["avatar1", "song", "avatar2"])
        #expect(summary.parts.map(\.contentType) == ["image/png", "audio/mp4", "image/jpeg"])
        #expect(summary.parts.map(\.sha256) == [fileData, song, photo].map(sha256Hex))
    }

    @Test("Handling the execution process: every callback, registered several times")
    func executionCallbacks() async throws {
        let endpoint = Endpoint(baseUrl: try await TestServer.url())
        let queue = DispatchQueue(label: "seed.callbacks")
        let events = Recorder<String>()
        let myRequest = DefaultRequest<Envelope<User>, APIError>(path: "users/1", method: .get)
        let operation = myRequest
            .execute(on: endpoint)
            .responseOn(queue)          // the tutorial's spelling of response(on:)
            .retryOnFail(false)         // the tutorial's spelling; retryOnFail(Int) is the documented one
            .onStart { events.append("start") }
            .onProgress { _ in events.append("progress") }
            .onSuccess { response in events.append("success \(response.data.name)") }
            .onSuccess { _ in events.append("success again") }
            .onFail { error in events.append("fail \(error)") }
            .onDebug { info in events.append("debug \(info.urlResponse?.statusCode ?? 0)") }
        #expect(operation.request.path == "users/1")
        await operation.waitUntilFinished()
        // Callbacks run on `queue`, after the operation finished; a loaded machine may take a while.
        for _ in 0..<1000 where !events.values.contains("success again") { try await Task.sleep(for: .milliseconds(10)) }
        let seen = events.values
        #expect(seen.first == "start")
        #expect(seen.contains("progress"))
        #expect(seen.contains("debug 200"))
        #expect(seen.suffix(2) == ["success Ada Lovelace", "success again"])
        #expect(!seen.contains { $0.hasPrefix("fail") })
    }

    @Test("ExecutionOperation: response(on:), decode(with:), retryOnFail(_:) and cancel()")
    func documentedOperationMethods() async throws {
        let endpoint = Endpoint(baseUrl: try await TestServer.url())
        struct SnakeUser: Decodable, ResponseObject { let createdAt: String }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let user = try await outcome(of: DefaultRequest<Envelope<SnakeUser>, String>(path: "users/1", method: .get)
            .execute(on: endpoint)
            .response(on: DispatchQueue(label: "doc.queue"))
            .decode(with: decoder)
            .retryOnFail(2)).get()
        #expect(user.data.createdAt == "2024-01-10T09:30:00Z")

        let slow = DefaultRequest<Data, String>(path: "delay/5", method: .get).execute(on: endpoint)
        slow.cancel()
        let cancelled = await outcome(of: slow)
        #expect((try? cancelled.get()) == nil)
    }

    @Test("Response converters: key path, closure and a custom converter")
    func converters() async throws {
        let endpoint = Endpoint(baseUrl: try await TestServer.url())
        for useClosures in [false, true] {
            let user = try await ConvertedUserRequest(path: "users/4", useClosures: useClosures).asyncExecute(on: endpoint)
            #expect(user.name == "Edsger Dijkstra")
            do {
                _ = try await ConvertedUserRequest(path: "users/404", useClosures: useClosures).asyncExecute(on: endpoint)
                Issue.record("a 404 decoded as success")
            } catch {
                #expect(error.serverError?.message == "User 404 not found")
            }
        }
        let custom = DefaultRequest<User, String>(path: "users/5", method: .get, responseConverter: MyResponseConverter())
        #expect(try await custom.asyncExecute(on: endpoint).name == "Barbara Liskov")
    }

    @Test("Endpoint init with every parameter, its properties and cURL(for:)")
    func endpointDocumentation() async throws {
        let baseUrl = try await TestServer.url()
        let queue = DispatchQueue(label: "endpoint.queue")
        let configuration = URLSessionConfiguration.default
        let endpoint = Endpoint(baseUrl: baseUrl, decoder: JSONDecoder(), responseQueue: queue,
                                sessionConfiguration: configuration, retryingCount: 1, headers: [.accept: "application/json"])
        #expect(endpoint.baseUrl == baseUrl)
        #expect(endpoint.decoder != nil)
        #expect(endpoint.responseQueue === queue)
        #expect(endpoint.retryingCount == 1)
        #expect(endpoint.sessionConfiguration === configuration)
        #expect(endpoint.headers[.accept] == "application/json")
        let curl = try endpoint.cURL(for: DefaultRequest<Echo, String>(path: "echo", method: .get))
        #expect(curl.hasPrefix("curl '\(baseUrl.absoluteString)/echo'"))
        #expect(curl.contains("-H 'Accept: application/json'"))
    }

    @Test("ServerError: String and Optional conform")
    func serverErrorConformances() async throws {
        let endpoint = Endpoint(baseUrl: try await TestServer.url(), retryingCount: 0)
        do {
            _ = try await DefaultRequest<Data, String>(path: "status/404", method: .get).asyncExecute(on: endpoint)
        } catch {
            #expect(error.serverError?.contains("not_found") == true)
        }
        do {
            _ = try await DefaultRequest<Data, APIError?>(path: "status/500", method: .get).asyncExecute(on: endpoint)
        } catch {
            // The body is {"error": {...}}, not an APIError: Optional tolerates that.
            guard case .server(let decoded, 500) = error else {
                Issue.record("expected a 500 server error, got \(error)")
                return
            }
            #expect(decoded == nil)
        }
    }

    @Test("HTTPMethod and RequestBody cases", arguments: [
        (HTTPMethod.get, "GET"), (.post, "POST"), (.put, "PUT"), (.patch, "PATCH"), (.delete, "DELETE"),
        (.head, "HEAD"), (.options, "OPTIONS"), (.custom("PURGE"), "PURGE"),
    ])
    func methods(method: HTTPMethod, name: String) async throws {
        let endpoint = Endpoint(baseUrl: try await TestServer.url())
        #expect(method.rawValue == name)
        let request = DefaultRequest<Data, String>(path: "echo", method: method, body: method == .get || method == .head ? nil : .string("hi"))
        let data = try await request.asyncExecute(on: endpoint)
        if method == .head {
            #expect(data.isEmpty)
        } else {
            let echo = try JSONDecoder().decode(Echo.self, from: data)
            #expect(echo.method == name)
        }
    }

    @Test("DebugInfo has every documented field")
    func debugInfoFields() async throws {
        let endpoint = Endpoint(baseUrl: try await TestServer.url())
        let request = DefaultRequest<Envelope<User>, String>(path: "users/6", method: .get)
        let info = await debugInfo(of: request.execute(on: endpoint))
        #expect(info.sessionConfiguration === endpoint.sessionConfiguration)
        #expect(info.request.url?.path == "/users/6")
        #expect(info.dataResponse?.isEmpty == false)
        #expect(info.urlResponse?.statusCode == 200)
        #expect(info.errorResponse == nil)
        #expect(info.requestDuration > 0 && info.requestDuration < 5)
        #expect(info.cURL?.contains("/users/6") == true)
        #expect(info.stringResponse?.contains("Donald Knuth") == true)
        #expect(((info.jsonResponse as? [String: Any])?["data"] as? [String: Any])?["id"] as? Int == 6)

        let failing = await debugInfo(of: DefaultRequest<Data, String>(path: "status/418", method: .get).execute(on: endpoint))
        #expect(failing.urlResponse?.statusCode == 418)
        #expect(failing.errorResponse != nil)
    }
}
