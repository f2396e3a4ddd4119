import CourierSTRVNetworking
import CourierTestSupport
import Foundation

/// The README's "own implementation of AuthorizationManaging": refreshes through the demo
/// server's `/auth/refresh` with a manager of its own (no interceptor on it).
final class AuthorizationManager: AuthorizationManaging {
    let storage: any AuthorizationStorageManaging
    /// The server to refresh on; the shared demo server when nil.
    private let base: URL?

    init(storage: any AuthorizationStorageManaging = AuthorizationInMemoryStorage(), base: URL? = nil) {
        self.storage = storage
        self.base = base
    }

    func refreshAuthorizationData(with refreshToken: String) async throws -> AuthorizationData {
        let route = AuthRouter.refresh(token: refreshToken)
        let response: UserAuthResponse = if let base {
            try await APIManager().request(SameServer(base: base, route: route), retryConfiguration: nil)
        } else {
            try await APIManager().request(route, retryConfiguration: nil)
        }
        return response.authData
    }
}

/// The demo API's login body.
struct LoginRequest: Encodable, Sendable {
    let username: String
    let password: String
}

/// The demo API's token answer.
struct UserAuthResponse: Decodable {
    struct Tokens: Decodable {
        let access_token: String
        let refresh_token: String
        let expires_in: Double
    }
    let data: Tokens

    var authData: AuthorizationData {
        AuthorizationData(accessToken: data.access_token, refreshToken: data.refresh_token,
                          expiresIn: Date().addingTimeInterval(data.expires_in), expirationOffset: 5)
    }
}

/// The demo API's authentication routes, as the README's `UserRouter` defines login and users.
enum AuthRouter: Requestable {
    case loginUser(LoginRequest)
    case refresh(token: String)
    case getUser
    case updateUser
    case echo

    var baseURL: URL { Demo.url }

    var path: String {
        switch self {
        case .loginUser: return "auth/login"
        case .refresh: return "auth/refresh"
        case .getUser: return "me"
        case .updateUser: return "bearer"
        case .echo: return "echo/open"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .loginUser, .refresh: return .post
        case .updateUser: return .put
        default: return .get
        }
    }

    var dataType: RequestDataType? {
        switch self {
        case .loginUser(let request): return .encodable(request)
        case .refresh(let token): return .encodable(["refresh_token": token])
        default: return nil
        }
    }

    var isAuthenticationRequired: Bool {
        switch self {
        case .getUser, .updateUser:
            return true
        default:
            return false
        }
    }
}
