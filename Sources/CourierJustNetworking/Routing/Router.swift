import Courier
import Foundation

/// The request method: `.get`, `.post`, `.put`, `.patch`, `.delete`, … (Courier's).
public typealias HTTPMethod = Courier.HTTPMethod

/// A path and a method.
public struct Route: Sendable, Equatable {
    /// The path, appended to the router's base URL.
    public let path: String
    /// The request method.
    public let method: HTTPMethod

    /// - Parameters:
    ///   - path: The path, appended to the router's base URL.
    ///   - method: The request method.
    public init(path: String, method: HTTPMethod) {
        self.path = path
        self.method = method
    }
}

/// The routes of one domain, usually an enum with a case per route.
///
/// ```swift
/// enum UserRouter: Router {
///     case user(id: String)
///     var route: Route {
///         switch self {
///         case .user(let id): return Route(path: "user/\(id)", method: .get)
///         }
///     }
/// }
/// ```
public protocol Router: CustomStringConvertible, Sendable {
    /// The path and method of this route.
    var route: Route { get }
    /// The server; `NetworkConfiguration`'s current URL unless the router gives its own.
    var baseURL: URL { get }
}

extension Router {
    public var baseURL: URL { NetworkConfiguration.currentURL ?? NetworkConfiguration.unsetURL }

    /// The route's full URL: `baseURL` followed by `route.path`.
    public var url: URL {
        route.path.isEmpty ? baseURL : baseURL.appendingPathComponent(route.path)
    }

    /// The method and URL, for example `GET https://www.myApi.com/user/12`.
    public var description: String { "\(route.method.rawValue) \(url.absoluteString)" }
}
