import CourierJustNetworking
import CourierTestSupport
import Foundation
import Testing

/// A program written from the README alone: routers per domain, requests built with composed
/// builders, and a requester injected behind the protocol so tests could swap it.
struct ReadmeUserAPI: Sendable {
    enum Users: Router {
        case user(id: String)
        case delete(id: String)

        var route: Route {
            switch self {
            case .user(let id): return Route(path: "users/\(id)", method: .get)
            case .delete(let id): return Route(path: "echo/users/\(id)", method: .delete)
            }
        }
    }

    struct User: Decodable, Sendable {
        let id: Int
        let name: String
    }

    struct Envelope: Decodable, Sendable {
        let data: User
    }

    let requester: any Requester

    func user(id: String, completion: @escaping Response<Envelope>) {
        let builder = compose(addHeaders(["Accept": "application/json"]), set(to: \.cachePolicy, .reloadIgnoringCacheData))
        requester.execute(RequestType<Envelope>(requestFactory: RequestFactory(router: Users.user(id: id), requestBuilder: builder)),
                          response: completion)
    }

    func delete(id: String, completion: @escaping Response<Void>) {
        requester.execute(RequestType<Void>(requestFactory: RequestFactory(router: Users.delete(id: id))), response: completion)
    }
}

// In the README blocks' serialized suite: the program sets the process-wide base URL as the README does.
extension SeedExamplesTests {
    @Test("A program written from the README: a decoded user, a Void call, a missing user as an error")
    func program() async throws {
        NetworkConfiguration.setCurrentURL(try await Demo.start())
        let api = ReadmeUserAPI(requester: DefaultRequester())
        let user = await withCheckedContinuation { continuation in api.user(id: "1") { continuation.resume(returning: $0) } }
        #expect(try user.get().data.id == 1)
        let missing = await withCheckedContinuation { continuation in api.user(id: "999") { continuation.resume(returning: $0) } }
        #expect(throws: ResponseError.self) { try missing.get() }
        let deleted = await withCheckedContinuation { continuation in api.delete(id: "1") { continuation.resume(returning: $0) } }
        #expect(throws: Never.self) { try deleted.get() }
    }
}
