import CourierSONetworking
import CourierTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

// Seed 001's "ServiceConfig" and "Endpoint" code blocks, each implemented the way an app using
// SONetworking would, with only the import changed, and run against the loopback demo server.

/// Block "NetworkConfigurable": an app's own configuration type.
struct AppServiceConfig: NetworkConfigurable {
    let baseURL: URL
    var headers: [String: String] { ["X-Client": "seed-001", "Accept-Language": "en"] }
    var queryParameters: [String: String] { ["api_key": "k1", "lang": "en"] }
}

/// Block "Requestable … ResponseRequestable": an app's own endpoint type that lists every
/// requirement and relies on the protocol extension's `urlRequest(with:)`.
enum UsersAPI: ResponseRequestable {
    typealias Response = DataEnvelope<DemoUser>

    struct NewUser: Encodable {
        let name: String
        let email: String
    }

    case user(id: Int)
    case create(NewUser)

    var path: String {
        switch self {
        case .user(let id): return "users/\(id)"
        case .create: return "/users"
        }
    }
    var isFullPath: Bool { false }
    var method: HTTPMethodType {
        switch self {
        case .user: return .get
        case .create: return .post
        }
    }
    var headerParamaters: [String: String] { ["X-Trace": "t-1"] }
    var queryParametersEncodable: Encodable? { nil }
    var queryParameters: [String: Any] { [:] }
    var bodyParamatersEncodable: Encodable? {
        if case .create(let user) = self { return user }
        return nil
    }
    var bodyParamaters: [String: Any] { [:] }
    var bodyEncoding: BodyEncoding { .jsonSerializationData }
    var responseDecoder: ResponseDecoder { JSONResponseDecoder() }
}

/// Query parameters from an `Encodable` value: a `true` and a `1` keep their types.
private struct Filter: Encodable {
    let active = true
    let page = 1
    let q = "a&b=c+d"
}

@Suite("Seed 001: ServiceConfig and Endpoint")
struct SeedEndpointTests {
    @Test("NetworkConfigurable: an app's config adds its headers and query parameters; the endpoint's own win")
    func networkConfigurable() async throws {
        let config = AppServiceConfig(baseURL: try await TestServer.url())
        let service = DefaultDataTransferService(with: DefaultNetworkService(config: config))
        let endpoint = Endpoint<Echo>(path: "echo/config", method: .get, headerParamaters: ["accept-language": "de"],
                                      queryParameters: ["lang": "fr", "page": 2])
        let echo = try await completion { service.request(with: endpoint, completion: $0) }.get()
        #expect(echo.path == "/echo/config")
        #expect(echo.query == "lang=fr&page=2&api_key=k1")
        #expect(echo.header("X-Client") == "seed-001")
        #expect(echo.header("Accept-Language") == "de")

        let plain = ApiDataNetworkConfig(baseURL: config.baseURL)
        #expect(plain.headers.isEmpty && plain.queryParameters.isEmpty)
    }

    @Test("Requestable: urlRequest(with:) joins base URL and path, sorts parameters and encodes the body", arguments: [
        ("http://h/api", "users"), ("http://h/api/", "users"), ("http://h/api/", "/users"),
    ])
    func urlRequestJoins(base: String, path: String) throws {
        let config = try ApiDataNetworkConfig(baseURL: #require(URL(string: base)), queryParameters: ["z": "1"])
        let request = try Endpoint<Void>(path: path, method: .get, queryParameters: ["b": true, "a": 3]).urlRequest(with: config)
        #expect(request.url?.absoluteString == "http://h/api/users?a=3&b=true&z=1")
        #expect(request.httpMethod == "GET")
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("Requestable: Encodable and dictionary parameters, both body encodings, isFullPath, errors")
    func urlRequestParameters() throws {
        let config = try ApiDataNetworkConfig(baseURL: #require(URL(string: "http://h/v1")), headers: ["Content-Type": "text/x-mine"])
        let encodable = try Endpoint<Void>(path: "search", method: .get, queryParametersEncodable: Filter()).urlRequest(with: config)
        #expect(encodable.url?.query == "active=true&page=1&q=a%26b%3Dc%2Bd")

        let json = try Endpoint<Void>(path: "users", method: .post, bodyParamaters: ["name": "Ada", "age": 36])
            .urlRequest(with: ApiDataNetworkConfig(baseURL: config.baseURL))
        #expect(json.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"age":36,"name":"Ada"}"#)
        #expect(json.value(forHTTPHeaderField: "Content-Type") == "application/json")

        let form = try Endpoint<Void>(path: "users", method: .post, bodyParamatersEncodable: UsersAPI.NewUser(name: "A B", email: "a+b@x"),
                                      bodyEncoding: .stringEncodingAscii).urlRequest(with: config)
        #expect(form.httpBody.map { String(decoding: $0, as: UTF8.self) } == "email=a%2Bb%40x&name=A%20B")
        #expect(form.value(forHTTPHeaderField: "Content-Type") == "text/x-mine", "a configured Content-Type is kept")

        let full = try Endpoint<Void>(path: "http://other/x?keep=1", isFullPath: true, method: .delete).urlRequest(with: config)
        #expect(full.url?.absoluteString == "http://other/x?keep=1")
        #expect(full.httpMethod == "DELETE")

        #expect(throws: RequestGenerationError.self) {
            try Endpoint<Void>(path: "x", method: .post, bodyParamaters: ["when": Date()]).urlRequest(with: config)
        }
        #expect(throws: RequestGenerationError.self) {
            try Endpoint<Void>(path: "not a url", isFullPath: true, method: .get).urlRequest(with: config)
        }
        #expect(HTTPMethodType.allCases.map(\.rawValue) == ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"])
    }

    @Test("ResponseRequestable: an app's endpoint enum and Endpoint<R> decode with their responseDecoder")
    func responseRequestable() async throws {
        let service = DefaultDataTransferService(with: DefaultNetworkService(config: try await demoConfig()))
        let ada = try await completion { service.request(with: UsersAPI.user(id: 1), completion: $0) }.get()
        #expect(ada.data == DemoUser(id: 1, name: "Ada Lovelace", email: "ada@example.com"))

        let created = try await completion { service.request(with: UsersAPI.create(.init(name: "Seed One", email: "one@seed.test")), completion: $0) }.get()
        #expect(created.data.name == "Seed One")
        let request = try UsersAPI.create(.init(name: "x", email: "y")).urlRequest(with: try await demoConfig())
        #expect(request.value(forHTTPHeaderField: "X-Trace") == "t-1")

        // Endpoint<R>'s defaults: not a full path, JSON body encoding, JSON response decoder.
        let endpoint = Endpoint<DataEnvelope<DemoUser>>(path: "users/2", method: .get)
        #expect(!endpoint.isFullPath && endpoint.bodyEncoding == .jsonSerializationData && endpoint.headerParamaters.isEmpty)
        #expect(endpoint.queryParametersEncodable == nil && endpoint.bodyParamatersEncodable == nil)
        let turing = try await completion { service.request(with: endpoint, completion: $0) }.get()
        #expect(turing.data.name == "Alan Turing")
    }

    @Test("ResponseDecoder: the raw decoder hands Data over and refuses anything else")
    func rawDecoder() async throws {
        let service = DefaultDataTransferService(with: DefaultNetworkService(config: try await demoConfig()))
        let bytes = try await completion {
            service.request(with: Endpoint<Data>(path: "bytes/1000", method: .get, responseDecoder: RawDataResponseDecoder()), completion: $0)
        }.get()
        #expect(bytes.count == 1000)

        let wrong: Result<DataEnvelope<DemoUser>, DataTransferError> = await completion {
            service.request(with: Endpoint<DataEnvelope<DemoUser>>(path: "users/1", method: .get, responseDecoder: RawDataResponseDecoder()),
                            completion: $0)
        }
        guard case .failure(.parsing(DecodingError.typeMismatch)) = wrong else {
            Issue.record("expected a type mismatch, got \(wrong)")
            return
        }
    }
}
