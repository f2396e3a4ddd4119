import Courier
import CourierDemoServer
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The demo API's token answer.
struct Tokens: Decodable, ResponseObject {
    let accessToken: String
    let refreshToken: String
    let expiresIn: Double

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", refreshToken = "refresh_token", expiresIn = "expires_in"
    }
}

/// Refreshes through `/auth/refresh` (or whatever `path` says) on its own endpoint, which has no interceptor.
struct DemoAuthorizationManager: AuthorizationManaging {
    let storage: any AuthorizationStorageManaging
    let endpoint: Endpoint
    var path = "auth/refresh"

    func refresh(_ data: AuthorizationData) async throws -> AuthorizationData {
        let request = DefaultRequest<Envelope<Tokens>, String>(path: path, method: .post, body: .json(["refresh_token": data.refreshToken ?? ""]))
        let tokens = try await request.asyncExecute(on: endpoint).data
        return AuthorizationData(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
                                 expiresAt: Date().addingTimeInterval(tokens.expiresIn))
    }
}

@Suite("Token refresh", .serialized)
struct AuthorizationTests {
    /// A server of its own, so its counters see only this test.
    private func server() async throws -> (DemoServer, URL) {
        let server = try await DemoServer.start()
        return (server, try #require(URL(string: server.url)))
    }

    /// Logs in and returns tokens whose access token is stale in the way `stale` says.
    private func login(_ base: URL) async throws -> Tokens {
        let login = DefaultRequest<Envelope<Tokens>, String>(path: "auth/login", method: .post,
                                                             body: .json(["username": "ada", "password": "lovelace"]))
        return try await login.asyncExecute(on: Endpoint(baseUrl: base)).data
    }

    @Test("20 concurrent requests with an expired token: one refresh, every request succeeds", arguments: [true, false])
    func singleFlight(expiryKnown: Bool) async throws {
        let (server, base) = try await server()
        let tokens = try await login(base)
        // Known expiry: refreshed before sending. Unknown: the server's 401 says so, and each request is replayed once.
        let stale = AuthorizationData(accessToken: expiryKnown ? tokens.accessToken : "at-revoked", refreshToken: tokens.refreshToken,
                                      expiresAt: expiryKnown ? Date().addingTimeInterval(-10) : nil)
        let storage = InMemoryAuthorizationStorage(stale)
        let endpoint = Endpoint(baseUrl: base)
        endpoint.modifiers.add(interceptor: AuthorizationTokenInterceptor(
            authorizationManager: DemoAuthorizationManager(storage: storage, endpoint: Endpoint(baseUrl: base))))
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    (try? await DefaultRequest<Data, String>(path: "bearer", method: .get).asyncExecute(on: endpoint)) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 20)
        #expect(server.statistics.count(for: "/auth/refresh") == 1)
        #expect(server.statistics.count(for: "/bearer") == (expiryKnown ? 20 : 40), "each request replayed at most once")
        #expect(await storage.data()?.accessToken != stale.accessToken)
        await server.stop()
    }

    @Test("A refresh endpoint that answers garbage fails every request with a clear error, without looping")
    func garbageRefresh() async throws {
        let (server, base) = try await server()
        let storage = InMemoryAuthorizationStorage(AuthorizationData(accessToken: "at-revoked", refreshToken: "rt-whatever"))
        let endpoint = Endpoint(baseUrl: base)
        endpoint.modifiers.add(interceptor: AuthorizationTokenInterceptor(authorizationManager: DemoAuthorizationManager(
            storage: storage, endpoint: Endpoint(baseUrl: base), path: "echo/not-a-token-endpoint")))
        let errors = await withTaskGroup(of: String.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    do {
                        _ = try await DefaultRequest<Data, String>(path: "bearer", method: .get).asyncExecute(on: endpoint)
                        return "succeeded"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(errors.allSatisfy { $0.hasPrefix("The access token could not be refreshed:") }, "\(errors)")
        #expect(server.statistics.count(for: "/bearer") == 5, "no replays after a failed refresh")
        await server.stop()
    }

    @Test("Without a stored token the request fails before it is sent; routes that need no authorization go without")
    func missingToken() async throws {
        let (server, base) = try await server()
        let storage = InMemoryAuthorizationStorage()
        let manager = APIManager(baseURL: base, requestAdapters: [], responseProcessors: [])
        manager.endpoint.modifiers.add(interceptor: AuthorizationTokenInterceptor(
            authorizationManager: DemoAuthorizationManager(storage: storage, endpoint: Endpoint(baseUrl: base))))
        enum Routes: Requestable {
            case bearer, echo
            var path: String { self == .bearer ? "bearer" : "echo" }
            var isAuthenticationRequired: Bool { self == .bearer }
        }
        await #expect(throws: ErrorResponse<String>.self) { _ = try await manager.request(Routes.bearer, as: Data.self) }
        do {
            _ = try await manager.request(Routes.bearer, as: Data.self)
        } catch {
            #expect(error.description == "The request needs authorization, but no token is stored; log in first.")
        }
        #expect(server.statistics.count(for: "/bearer") == 0)
        let echo = try await manager.request(Routes.echo, as: Echo.self)
        #expect(echo.header("Authorization") == nil)
        await server.stop()
    }
}
