import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns a response body into a value.
public typealias RequestParser<Response> = @Sendable (Data) throws -> Response

/// Builds the `URLRequest` for a router: the route's URL and method, then the builder.
public struct RequestFactory: Sendable {
    /// The route called.
    public let router: any Router
    /// Applied to the route's request.
    public let requestBuilder: RequestBuilder

    /// - Parameters:
    ///   - router: The route to call.
    ///   - requestBuilder: Applied to the route's request; `compose(…)` several.
    public init(router: any Router, requestBuilder: @escaping RequestBuilder = { $0 }) {
        self.router = router
        self.requestBuilder = requestBuilder
    }

    /// The request: the router's URL and method, then `requestBuilder`.
    public var urlRequest: URLRequest {
        var request = URLRequest(url: router.url)
        request.httpMethod = router.route.method.rawValue
        return requestBuilder(request)
    }
}

/// Everything needed to make one call and read its answer.
public protocol Request: Sendable {
    /// What the body is parsed into.
    associatedtype Response: Sendable
    /// The queue the requester calls back on.
    var responseQueue: DispatchQueue { get }
    /// Parses the body.
    var requestParser: RequestParser<Response> { get }
    /// Builds the `URLRequest`.
    var requestFactory: RequestFactory { get }
    /// The request to send; `requestFactory.urlRequest` by default.
    var urlRequest: URLRequest { get }
}

extension Request {
    public var urlRequest: URLRequest { requestFactory.urlRequest }
}

/// The library's `Request`: a factory, a parser and a callback queue.
public struct RequestType<Response: Sendable>: Request {
    /// Where the requester calls back.
    public let responseQueue: DispatchQueue
    /// Parses the body.
    public let requestParser: RequestParser<Response>
    /// Builds the request.
    public let requestFactory: RequestFactory

    /// - Parameters:
    ///   - responseQueue: Where the callback runs; a global queue by default, never the main
    ///     queue (on Linux it does not run while a UI blocks in `getch`).
    ///   - requestFactory: Builds the request.
    ///   - requestParser: Parses the body.
    public init(responseQueue: DispatchQueue = .global(qos: .default), requestFactory: RequestFactory,
                requestParser: @escaping RequestParser<Response>) {
        self.responseQueue = responseQueue
        self.requestParser = requestParser
        self.requestFactory = requestFactory
    }
}

extension RequestType where Response: Decodable {
    /// A request whose JSON body decodes into `Response`.
    public init(responseQueue: DispatchQueue = .global(qos: .default), requestFactory: RequestFactory,
                decoder: JSONDecoder = JSONDecoder()) {
        self.init(responseQueue: responseQueue, requestFactory: requestFactory) {
            try decoder.decode(Response.self, from: $0)
        }
    }
}

extension RequestType where Response == Void {
    /// A request whose body does not matter.
    public init(responseQueue: DispatchQueue = .global(qos: .default), requestFactory: RequestFactory) {
        self.init(responseQueue: responseQueue, requestFactory: requestFactory) { _ in () }
    }
}
