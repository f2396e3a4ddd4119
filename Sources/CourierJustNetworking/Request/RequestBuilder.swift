import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A step that turns one `URLRequest` into another.
public typealias RequestBuilder = @Sendable (URLRequest) -> URLRequest

/// The builders applied left to right, as one builder.
///
/// ```swift
/// let requestBuilder = compose(addURLParams(["years": "2015"]), addHeaders(["Authorization": "Bearer …"]))
/// ```
public func compose(_ builders: RequestBuilder...) -> RequestBuilder {
    { request in builders.reduce(request) { $1($0) } }
}

/// A builder that sets one property through a writable key path.
///
/// ```swift
/// compose(set(to: \.cachePolicy, .reloadIgnoringCacheData), set(to: \.networkServiceType, .background))
/// ```
public func set<Value: Sendable>(to keyPath: WritableKeyPath<URLRequest, Value> & Sendable, _ value: Value) -> RequestBuilder {
    { request in
        var request = request
        request[keyPath: keyPath] = value
        return request
    }
}

/// A builder that adds (or replaces) headers, in the order of their names.
public func addHeaders(_ headers: [String: String]) -> RequestBuilder {
    { request in
        var request = request
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }
}

/// A builder that appends query parameters, in the order of their names, after those the URL has.
public func addURLParams(_ parameters: [String: String]) -> RequestBuilder {
    { request in
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return request }
        components.queryItems = (components.queryItems ?? []) + parameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        var request = request
        request.url = components.url ?? url
        return request
    }
}
