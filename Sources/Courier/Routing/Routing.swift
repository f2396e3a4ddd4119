import Foundation

/// A path and a method (seed 004).
public struct Route: Sendable, Equatable {
    public let path: String
    public let method: HTTPMethod

    public init(path: String, method: HTTPMethod) {
        self.path = path
        self.method = method
    }
}

/// An enum of routes for one domain (seed 004): `case user(id: String)` → `Route(path: "user/\(id)", method: .get)`.
public protocol Router: Sendable {
    var route: Route { get }
    /// Another server than the manager's endpoint; nil by default.
    var baseURL: URL? { get }
}

extension Router {
    public var baseURL: URL? { nil }
}

/// A router in the style of seed 003: each case knows its path, method, parameters, headers, body
/// and whether it needs authorization.
public protocol Requestable: Sendable {
    /// Another server than the manager's endpoint; nil by default.
    var baseURL: URL? { get }
    var path: String { get }
    var method: HTTPMethod { get }
    /// Query parameters in order; `ArrayParameter` for several values of one name.
    var urlParameters: [(String, any Sendable)] { get }
    var headers: RequestHeaders { get }
    var body: RequestBody? { get }
    var timeout: TimeInterval? { get }
    /// Whether `AuthorizationTokenInterceptor` authorizes it; true by default.
    var isAuthenticationRequired: Bool { get }
}

extension Requestable {
    public var baseURL: URL? { nil }
    public var method: HTTPMethod { .get }
    public var urlParameters: [(String, any Sendable)] { [] }
    public var headers: RequestHeaders { [:] }
    public var body: RequestBody? { nil }
    public var timeout: TimeInterval? { nil }
    public var isAuthenticationRequired: Bool { true }
}

/// Either kind of router as a `Request`, so it runs through the same pipeline (adapters, retries,
/// observers, cookies) as every other request.
struct RoutedRequest<Response: ResponseObject>: Request {
    typealias ResponseObjectType = Response
    typealias ErrorType = String

    var path: String
    var method: HTTPMethod
    var queryParams: [(String, String)]
    var body: RequestBody?
    var headers: RequestHeaders
    var timeout: TimeInterval?
    var decoder: JSONDecoder?
    var requiresAuthentication: Bool

    init(_ route: some Requestable, decoder: JSONDecoder?) {
        path = Self.path(route.path, baseURL: route.baseURL)
        method = route.method
        queryParams = route.urlParameters.flatMap { name, value -> [(String, String)] in
            if let array = value as? ArrayParameter { return array.queryParams(named: name) }
            return [(name, "\(value)")]
        }
        body = route.body
        headers = route.headers
        timeout = route.timeout
        self.decoder = decoder
        requiresAuthentication = route.isAuthenticationRequired
    }

    init(_ router: some Router, decoder: JSONDecoder?) {
        path = Self.path(router.route.path, baseURL: router.baseURL)
        method = router.route.method
        queryParams = []
        body = nil
        headers = [:]
        timeout = nil
        self.decoder = decoder
        requiresAuthentication = true
    }

    /// A router's own base URL makes the path absolute, which replaces the endpoint's base URL.
    private static func path(_ path: String, baseURL: URL?) -> String {
        guard let baseURL else { return path }
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        return path.isEmpty ? base : base + "/" + (path.hasPrefix("/") ? String(path.dropFirst()) : path)
    }
}

/// Runs routers (seed 003's `APIManager`): decoding, retries and modifiers come from its endpoint.
///
/// ```swift
/// let manager = APIManager(endpoint: endpoint)
/// let user: User = try await manager.request(UserRouter.getUser)
/// ```
public final class APIManager: Sendable {
    public let endpoint: Endpoint

    public init(endpoint: Endpoint) { self.endpoint = endpoint }

    /// A manager with its own endpoint and modifiers, as seed 003 builds one.
    public convenience init(baseURL: URL, requestAdapters: [any RequestAdapting] = [], responseProcessors: [any ResponseProcessing] = [],
                            errorProcessors: [any ErrorProcessing] = []) {
        let endpoint = Endpoint(baseUrl: baseURL)
        requestAdapters.forEach { endpoint.modifiers.add(adapter: $0) }
        responseProcessors.forEach { endpoint.modifiers.add(processor: $0) }
        errorProcessors.forEach { endpoint.modifiers.add(errorProcessor: $0) }
        self.init(endpoint: endpoint)
    }

    /// Sends `route` and decodes the response as `Response` (`Data` and `String` take the body as is).
    public func request<Response: ResponseObject>(_ route: some Requestable, as type: Response.Type = Response.self,
                                                  decoder: JSONDecoder? = nil,
                                                  retryConfiguration: RetryConfiguration? = nil) async throws(ErrorResponse<String>) -> Response {
        try await run(RoutedRequest<Response>(route, decoder: decoder), retryConfiguration: retryConfiguration)
    }

    /// Sends a seed 004 router and decodes the response as `Response`.
    public func request<Response: ResponseObject>(_ router: some Router, as type: Response.Type = Response.self,
                                                  decoder: JSONDecoder? = nil,
                                                  retryConfiguration: RetryConfiguration? = nil) async throws(ErrorResponse<String>) -> Response {
        try await run(RoutedRequest<Response>(router, decoder: decoder), retryConfiguration: retryConfiguration)
    }

    private func run<Response>(_ request: RoutedRequest<Response>,
                               retryConfiguration: RetryConfiguration?) async throws(ErrorResponse<String>) -> Response {
        var options = ExecutionOptions()
        options.retry = retryConfiguration
        return try await RequestPipeline(request: request, endpoint: endpoint, options: options).run(events: .none).value.get()
    }
}
