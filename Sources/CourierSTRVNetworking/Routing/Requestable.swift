import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A type that represents an API endpoint: usually an enum with a case per call (a "router").
///
/// ```swift
/// enum UserRouter: Requestable {
///     case getUser
///     var baseURL: URL { URL(string: "https://reqres.in/api")! }
///     var path: String { "/user" }
/// }
/// ```
public protocol Requestable: Sendable {
    /// The host URL of the REST API.
    var baseURL: URL { get }
    /// The URL request path, appended to `baseURL`.
    var path: String { get }
    /// The request HTTP method; `.get` by default.
    var method: HTTPMethod { get }
    /// Query parameters; an `ArrayParameter` gives one name several values. Written in the order
    /// of their names, so the URL (and its cURL export) is the same on every run.
    var urlParameters: [String: Any]? { get }
    /// The HTTP request headers.
    var headers: [String: String]? { get }
    /// The statuses that count as success; 200..<400 by default.
    var acceptableStatusCodes: Range<HTTPStatusCode>? { get }
    /// The body and how it is encoded.
    var dataType: RequestDataType? { get }
    /// Whether `AuthorizationTokenInterceptor` authorizes the request; false by default.
    var isAuthenticationRequired: Bool { get }

    /// The body bytes, encoded as `dataType` says.
    /// - Throws: The encoder's error.
    func encodeBody() throws -> Data?
    /// `baseURL`, `path` and `urlParameters` as URL components.
    /// - Throws: `RequestableError.invalidURLComponents`.
    func urlComponents() throws -> URLComponents
    /// The `URLRequest` for this endpoint, before any adapter.
    /// - Throws: `RequestableError` or the body encoder's error.
    func asRequest() throws -> URLRequest
}

extension Requestable {
    public var method: HTTPMethod { .get }
    public var urlParameters: [String: Any]? { nil }
    public var headers: [String: String]? { nil }
    public var acceptableStatusCodes: Range<HTTPStatusCode>? { HTTPStatusCode.successAndRedirectCodes }
    public var dataType: RequestDataType? { nil }
    public var isAuthenticationRequired: Bool { false }

    public func encodeBody() throws -> Data? {
        switch dataType {
        case .encodable(let value, let encoder)?: return try encoder.encode(value)
        case .custom(let data, _)?: return data
        case nil: return nil
        }
    }

    public func urlComponents() throws -> URLComponents {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: true) else {
            throw RequestableError.invalidURLComponents
        }
        if let urlParameters {
            components.queryItems = urlParameters.sorted { $0.key < $1.key }.flatMap { name, value -> [URLQueryItem] in
                if let array = value as? ArrayParameter { return array.queryItems(named: name) }
                return [URLQueryItem(name: name, value: String(describing: value))]
            }
        }
        return components
    }

    public func asRequest() throws -> URLRequest {
        guard let url = try urlComponents().url else { throw RequestableError.invalidURLComponents }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        for (name, value) in (headers ?? [:]).sorted(by: { $0.key < $1.key }) { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = try encodeBody()
        if let contentType = dataType?.contentType, request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}

/// Why a `Requestable` could not become a request.
public enum RequestableError: Error, CustomStringConvertible {
    /// `baseURL`, `path` and `urlParameters` do not form a URL.
    case invalidURLComponents

    public var description: String {
        switch self {
        case .invalidURLComponents: return "The endpoint's baseURL, path and urlParameters do not form a valid URL."
        }
    }
}
