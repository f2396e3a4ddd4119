import Courier
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// Seed 003's routers: each case knows its request.
enum UserRouter: Requestable {
    case getUser(id: Int)
    case listUsers(page: Int)
    case search(ids: [Int], encoding: ArrayEncoding)
    case rename(id: Int, name: String)

    var path: String {
        switch self {
        case .getUser(let id), .rename(let id, _): return "users/\(id)"
        case .listUsers: return "users"
        case .search: return "echo/search"
        }
    }

    var method: HTTPMethod {
        if case .rename = self { return .patch }
        return .get
    }

    var urlParameters: [(String, any Sendable)] {
        switch self {
        case .listUsers(let page): return [("page", page), ("per_page", 2)]
        case .search(let ids, let encoding): return [("id", ArrayParameter(ids, arrayEncoding: encoding)), ("q", "a b")]
        default: return []
        }
    }

    var body: RequestBody? {
        if case .rename(_, let name) = self { return .json(["name": name]) }
        return nil
    }

    var isAuthenticationRequired: Bool { false }
}

/// Seed 004's routers: a `Route` per case.
enum StatusRouter: Router {
    case status(Int)
    case elsewhere

    var route: Route {
        switch self {
        case .status(let code): return Route(path: "status/\(code)", method: .get)
        case .elsewhere: return Route(path: "echo/elsewhere", method: .delete)
        }
    }
}

@Suite("Routers and array parameters")
struct RoutingTests {
    @Test("Requestable routers run through the endpoint's pipeline and decode")
    func requestable() async throws {
        // A server of its own: the rename would change user 2 for tests that read it from the shared one.
        let server = try await DemoServer.start()
        let manager = APIManager(endpoint: Endpoint(baseUrl: try #require(URL(string: server.url))))
        let user: Envelope<User> = try await manager.request(UserRouter.getUser(id: 1))
        #expect(user.data.id == 1)
        let page: Envelope<[User]> = try await manager.request(UserRouter.listUsers(page: 1))
        #expect(page.data.count == 2)
        let renamed: Envelope<User> = try await manager.request(UserRouter.rename(id: 2, name: "Grace B. Hopper"))
        #expect(renamed.data.name == "Grace B. Hopper")
        await server.stop()
    }

    @Test("ArrayParameter encodings: individual, comma-separated, brackets", arguments: [
        (ArrayEncoding.individual, "id=1&id=2&id=3&q=a%20b"),
        (ArrayEncoding.commaSeparated, "id=1%2C2%2C3&q=a%20b"),
        (ArrayEncoding.brackets, "id%5B%5D=1&id%5B%5D=2&id%5B%5D=3&q=a%20b"),
    ])
    func arrays(encoding: ArrayEncoding, query: String) async throws {
        let manager = APIManager(endpoint: try await makeEndpoint())
        let echo: Echo = try await manager.request(UserRouter.search(ids: [1, 2, 3], encoding: encoding))
        #expect(echo.query == query)
        #expect(ArrayParameter([1, 2], arrayEncoding: encoding).queryParams(named: "x").count == (encoding == .commaSeparated ? 1 : 2))
    }

    @Test("Seed 004 routers: Route(path:method:), errors as sentences, and a router's own base URL")
    func routes() async throws {
        let endpoint = try await makeEndpoint()
        let manager = APIManager(endpoint: endpoint)
        let ok: Envelope<[String: Int]> = try await manager.request(StatusRouter.status(201))
        #expect(ok.data["status"] == 201)
        await #expect(throws: ErrorResponse<String>.self) { _ = try await manager.request(StatusRouter.status(404), as: Data.self) }
        let echo: Echo = try await manager.request(StatusRouter.elsewhere)
        #expect(echo.method == "DELETE" && echo.path == "/echo/elsewhere")

        struct Remote: Router {
            let base: URL
            var route: Route { Route(path: "/echo/remote", method: .get) }
            var baseURL: URL? { base }
        }
        let other = APIManager(baseURL: try #require(URL(string: "http://127.0.0.1:9")))
        let remote: Echo = try await other.request(Remote(base: endpoint.baseUrl))
        #expect(remote.path == "/echo/remote", "the router's base URL wins over the manager's")
    }
}
