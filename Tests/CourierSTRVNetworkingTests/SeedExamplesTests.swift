import CourierSTRVNetworking
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Every Swift block of STRV Networking's README (seed 003), as the README writes it, against the
// loopback demo server. Changed: the import, `baseURL` (the demo server instead of reqres.in), and
// obvious typos (`DownloadAPIManager.shared`, `uploadTask.id`, a retry handler that returns).

/// "Making requests": the router, as the README writes it.
enum UserRouter: Requestable {
    case getUser

    var baseURL: URL {
        Demo.url.appendingPathComponent("echo")          // README: URL(string: "https://reqres.in/api")!
    }

    var path: String {
        switch self {
        case .getUser: "/user"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .getUser: .get
        }
    }
}

/// What the demo's echo answers for `/user`.
struct UserResponse: Decodable {
    let method: String
    let path: String
}

@Suite("STRV Networking README blocks (seed 003)")
struct SeedExamplesTests {
    @Test("Making requests: APIManager().request returns the raw response")
    func rawRequest() async throws {
        try await Demo.start()
        let response = try await APIManager().request(UserRouter.getUser)
        #expect((response.response as? HTTPURLResponse)?.statusCode == 200)
        let echo = try JSONDecoder().decode(Echo.self, from: response.data)
        #expect(echo.method == "GET" && echo.path == "/echo/user")
    }

    @Test("Making requests: an annotated Decodable type is decoded, with the default or a custom decoder")
    func decodedRequest() async throws {
        try await Demo.start()
        let apiManager = APIManager()
        let userResponse: UserResponse = try await apiManager.request(UserRouter.getUser)
        #expect(userResponse.path == "/echo/user")

        // A decoder that reads "path" as "route": only it can decode `Routed`.
        struct Routed: Decodable { let route: String }
        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue == "path" ? "route" : stringValue }
            init?(intValue: Int) { nil }
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { keys in Key(stringValue: keys.last?.stringValue ?? "") }
        let custom: Routed = try await apiManager.request(UserRouter.getUser, decoder: decoder)
        #expect(custom.route == "/echo/user")
    }

    @Test("Downloading files: request(url:) returns the task and the head; progressStream ends with the file")
    func download() async throws {
        let base = try await Demo.start()
        let url = base.appendingPathComponent("bytes/300000")
        let (task, response) = try await DownloadAPIManager().request(url: url)
        #expect((response.response as? HTTPURLResponse)?.statusCode == 200)

        var states: [DownloadState] = []
        for try await downloadState in DownloadAPIManager.shared.progressStream(for: task) {   // README: downloadAPIManager.shared
            states.append(downloadState)
        }
        let final = try #require(states.last)
        #expect(final.error == nil)
        #expect(final.taskState == .completed)
        let file = try #require(final.downloadedFileURL)
        #expect(try Data(contentsOf: file).count == 300_000)
        #expect(final.downloadedBytes == 300_000 && final.totalBytes == 300_000 && final.fractionCompleted == 1)
        #expect(states.map(\.downloadedBytes) == states.map(\.downloadedBytes).sorted(), "progress never goes back")
        try FileManager.default.removeItem(at: file)
    }

    @Test("Uploading files: upload(.file(url), to:) returns an UploadTask whose states end with the response")
    func upload() async throws {
        let base = try await Demo.start()
        let folder = try TemporaryDirectory()
        let fileUrl = try folder.write("payload.bin", String(repeating: "0123456789", count: 50_000))
        let uploadManager = UploadAPIManager()

        let uploadTask = try await uploadManager.upload(.file(fileUrl), to: base.appendingPathComponent("echo/file").absoluteString)
        var states: [UploadTask.State] = []
        for await uploadState in await uploadManager.stateStream(for: uploadTask.id) {    // README: task.id
            states.append(uploadState)
        }
        let final = try #require(states.last)
        #expect(final.isCompleted && final.error == nil)
        #expect(final.sentBytes == 500_000 && final.totalBytes == 500_000 && final.fractionCompleted == 1)
        let echo = try JSONDecoder().decode(Echo.self, from: try #require(final.response).data)
        #expect(echo.method == "POST" && echo.bodySize == 500_000)

        let data = try await uploadManager.upload(.data(Data("hello".utf8), contentType: "text/plain"), to: base.appendingPathComponent("echo/data"))
        var last: UploadTask.State?
        for await state in await uploadManager.stateStream(for: data.id) { last = state }
        let dataEcho = try JSONDecoder().decode(Echo.self, from: try #require(last?.response).data)
        #expect(dataEcho.bodySize == 5 && dataEcho.header("Content-Type") == "text/plain")
        withExtendedLifetime(folder) {}
    }

    @Test("Retry-ability: RetryConfiguration(retries:delay:) { error in … } decides from the error")
    func retry() async throws {
        try await Demo.start()
        let signal = SendSignal()
        let apiManager = APIManager(requestAdapters: [signal])
        let seen = Recorder<Int>()
        let retryConfiguration = RetryConfiguration(retries: 2, delay: .constant(0.01)) { error in
            seen.append((error as? NetworkError)?.statusCode ?? 0)                       // README: "custom logic here"
            return true
        }
        await #expect(throws: NetworkError.self) {
            let _: UserResponse = try await apiManager.request(
                DemoRouter.status(503),
                retryConfiguration: retryConfiguration
            )
        }
        #expect(seen.values == [503, 503], "the handler receives the error of each failed attempt")
        #expect(signal.calls == 3)
    }

    @Test("Request authorization: the interceptor authorizes after login; isAuthenticationRequired chooses")
    func authorization() async throws {
        try await Demo.start()
        let authManager = AuthorizationManager()
        let authorizationInterceptor = AuthorizationTokenInterceptor(authorizationManager: authManager)
        let apiManager = APIManager(
                    requestAdapters: [authorizationInterceptor],
                    responseProcessors: [authorizationInterceptor]
                )

        let request = LoginRequest(username: "ada", password: "lovelace")
        let response: UserAuthResponse = try await apiManager.request(
            AuthRouter.loginUser(request)
        )
        try await authManager.storage.saveData(response.authData)

        let me: Envelope<[String: String]> = try await apiManager.request(AuthRouter.getUser)
        #expect(me.data["username"] == "ada")
        let echo: Echo = try await apiManager.request(AuthRouter.echo)
        #expect(echo.header("Authorization") == nil, "a route that needs no authentication goes without")
    }

    @Test("Associated array query parameters: individual (default) and comma-separated", arguments: [
        (ArrayEncoding.individual, "filter=1&filter=2&filter=3"),
        (ArrayEncoding.commaSeparated, "filter=1,2,3"),
    ])
    func arrayParameters(encoding: ArrayEncoding, query: String) async throws {
        try await Demo.start()
        struct Filtered: Requestable {
            let encoding: ArrayEncoding
            var baseURL: URL { Demo.url }
            var path: String { "echo/filter" }
            var urlParameters: [String: Any]? {
                 ["filter": ArrayParameter([1, 2, 3], arrayEncoding: encoding)]
            }
        }
        let echo: Echo = try await APIManager().request(Filtered(encoding: encoding))
        #expect(echo.query == query)
        #expect(ArrayParameter([1, 2, 3]).arrayEncoding == .individual)
    }
}
