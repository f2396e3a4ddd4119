import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A step that turns one `URLRequest` into another (seed 004).
public typealias RequestBuilder = @Sendable (URLRequest) -> URLRequest

/// The builders applied left to right: `compose(addHeaders(…), set(to: \.timeoutInterval, 5))`.
public func compose(_ builders: RequestBuilder...) -> RequestBuilder {
    compose(builders)
}

/// The builders applied in order.
public func compose(_ builders: [RequestBuilder]) -> RequestBuilder {
    { request in builders.reduce(request) { $1($0) } }
}

/// Sets one property through a writable key path: `set(to: \.cachePolicy, .reloadIgnoringCacheData)`.
public func set<Value: Sendable>(to keyPath: WritableKeyPath<URLRequest, Value> & Sendable, _ value: Value) -> RequestBuilder {
    { request in
        var request = request
        request[keyPath: keyPath] = value
        return request
    }
}

/// Adds (or replaces) headers.
public func addHeaders(_ headers: [String: String]) -> RequestBuilder {
    { request in
        var request = request
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }
}

/// Appends query parameters, percent-encoded, after those the URL has.
public func addURLParams(_ parameters: [String: String]) -> RequestBuilder {
    { request in
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return request }
        components.queryItems = (components.queryItems ?? []) + parameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        var request = request
        request.url = components.url ?? url
        return request
    }
}

/// A builder run as an adapter, so composed builders apply to every request of an endpoint.
public struct BuilderAdapter: RequestAdapting {
    private let builder: RequestBuilder
    public init(_ builder: @escaping RequestBuilder) { self.builder = builder }
    public func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest { builder(request) }
}
