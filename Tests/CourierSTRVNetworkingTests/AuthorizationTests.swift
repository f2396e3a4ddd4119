import CourierDemoServer
import CourierSTRVNetworking
import CourierTestSupport
import Foundation
import Testing

/// Token refresh through `AuthorizationTokenInterceptor`, each test on a server of its own so its
/// counters see only that test.
@Suite("STRV facade: token refresh", .serialized)
struct AuthorizationTests {
    /// A server of its own, and tokens from logging in to it.
    private func login() async throws -> (DemoServer, URL, UserAuthResponse) {
        let server = try await DemoServer.start()
        let base = try #require(URL(string: server.url))
        let login = SameServer(base: base, route: .loginUser(LoginRequest(username: "ada", password: "lovelace")))
        let tokens: UserAuthResponse = try await APIManager().request(login, retryConfiguration: nil)
        return (server, base, tokens)
    }

    @Test("20 concurrent requests with a stale token: one refresh, every request succeeds", arguments: [true, false])
    func singleFlight(expiryKnown: Bool) async throws {
        let (server, base, tokens) = try await login()
        // Known expiry: refreshed before sending. Unknown: the server's 401 says so, and each request is replayed once.
        let stale = AuthorizationData(accessToken: expiryKnown ? tokens.data.access_token : "at-revoked", refreshToken: tokens.data.refresh_token,
                                      expiresIn: expiryKnown ? Date().addingTimeInterval(-10) : nil)
        let authManager = AuthorizationManager(storage: AuthorizationInMemoryStorage(data: stale), base: base)
        let interceptor = AuthorizationTokenInterceptor(authorizationManager: authManager)
        let manager = APIManager(requestAdapters: [interceptor], responseProcessors: [interceptor])
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    (try? await manager.request(SameServer(base: base, route: .updateUser), retryConfiguration: nil)) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 20)
        #expect(server.statistics.count(for: "/auth/refresh") == 1)
        #expect(server.statistics.count(for: "/bearer") == (expiryKnown ? 20 : 40), "each request replayed at most once")
        #expect(try await authManager.storage.getData().accessToken != stale.accessToken)
        await server.stop()
    }

    @Test("A refresh that fails fails every request with its error, without looping")
    func failedRefresh() async throws {
        let (server, base, _) = try await login()
        let stale = AuthorizationData(accessToken: "at-revoked", refreshToken: "rt-unknown", expiresIn: nil)
        let authManager = AuthorizationManager(storage: AuthorizationInMemoryStorage(data: stale), base: base)
        let interceptor = AuthorizationTokenInterceptor(authorizationManager: authManager)
        let manager = APIManager(requestAdapters: [interceptor], responseProcessors: [interceptor])
        let failures = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    do {
                        try await manager.request(SameServer(base: base, route: .updateUser), retryConfiguration: nil)
                        return nil
                    } catch {
                        return (error as? NetworkError)?.statusCode
                    }
                }
            }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(failures == Array(repeating: 401, count: 5), "the refresh endpoint's 401, from each request")
        #expect(server.statistics.count(for: "/bearer") == 5, "no replays after a failed refresh")
        await server.stop()
    }

    @Test("After deleteData an authorized route fails before it is sent")
    func missingData() async throws {
        let (server, base, tokens) = try await login()
        let storage = AuthorizationInMemoryStorage()
        let data = tokens.authData
        try await storage.saveData(data)
        #expect(try await storage.getData() == data)
        try await storage.deleteData()
        let interceptor = AuthorizationTokenInterceptor(authorizationManager: AuthorizationManager(storage: storage, base: base))
        let manager = APIManager(requestAdapters: [interceptor], responseProcessors: [interceptor])
        await #expect(throws: AuthorizationError.self) { try await manager.request(SameServer(base: base, route: .updateUser)) }
        #expect(server.statistics.count(for: "/bearer") == 0)
        await server.stop()
    }
}

/// One of `AuthRouter`'s routes on a server of the test's own.
struct SameServer: Requestable {
    let base: URL
    let route: AuthRouter

    var baseURL: URL { base }
    var path: String { route.path }
    var method: HTTPMethod { route.method }
    var dataType: RequestDataType? { route.dataType }
    var isAuthenticationRequired: Bool { route.isAuthenticationRequired }
}
