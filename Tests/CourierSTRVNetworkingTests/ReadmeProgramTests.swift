import CourierSTRVNetworking
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A program written from the README alone, the way an app's API layer would use it: one
/// authorized manager, login, a protected call, a download and an upload.
final class ReadmeAPILayer: Sendable {
    let authManager = AuthorizationManager()
    let apiManager: APIManager
    let uploadManager = UploadAPIManager()

    init() {
        let authorizationInterceptor = AuthorizationTokenInterceptor(authorizationManager: authManager)
        apiManager = APIManager(requestAdapters: [authorizationInterceptor], responseProcessors: [authorizationInterceptor])
    }

    func logIn(username: String, password: String) async throws {
        let response: UserAuthResponse = try await apiManager.request(AuthRouter.loginUser(LoginRequest(username: username, password: password)))
        try await authManager.storage.saveData(response.authData)
    }

    func name() async throws -> String? {
        let me: Envelope<[String: String]> = try await apiManager.request(
            AuthRouter.getUser,
            retryConfiguration: RetryConfiguration(retries: 1, delay: .constant(0.1)) { !($0 is AuthorizationError) }
        )
        return me.data["name"]
    }

    func download(_ url: URL) async throws -> URL? {
        let (task, _) = try await DownloadAPIManager().request(url: url)
        var file: URL?
        for try await downloadState in DownloadAPIManager.shared.progressStream(for: task) {
            if let error = downloadState.error { throw error }
            file = downloadState.downloadedFileURL
        }
        return file
    }

    func upload(_ fileUrl: URL, to url: String) async throws -> Int? {
        let uploadTask = try await uploadManager.upload(.file(fileUrl), to: url)
        var status: Int?
        for await uploadState in await uploadManager.stateStream(for: uploadTask.id) {
            status = (uploadState.response?.response as? HTTPURLResponse)?.statusCode
        }
        return status
    }
}

@Suite("STRV facade: a program written from the README")
struct ReadmeProgramTests {
    @Test("Log in, call a protected route, download and upload")
    func program() async throws {
        let base = try await Demo.start()
        let layer = ReadmeAPILayer()
        await #expect(throws: AuthorizationError.self) { _ = try await layer.name() }
        try await layer.logIn(username: "ada", password: "lovelace")
        #expect(try await layer.name() == "Ada Lovelace")

        let file = try #require(try await layer.download(base.appendingPathComponent("bytes/1234")))
        #expect(try Data(contentsOf: file).count == 1234)
        #expect(try await layer.upload(file, to: base.appendingPathComponent("echo/upload").absoluteString) == 200)
        try FileManager.default.removeItem(at: file)
    }
}
