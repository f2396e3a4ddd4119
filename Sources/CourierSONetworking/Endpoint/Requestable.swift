import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP methods an endpoint can use.
public enum HTTPMethodType: String, Sendable, CaseIterable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
}

/// How body parameters go on the wire.
public enum BodyEncoding: Sendable {
    /// A JSON object (`Content-Type: application/json` unless the request sets one).
    case jsonSerializationData
    /// `name=value&…`, percent-encoded ASCII (`Content-Type: application/x-www-form-urlencoded`
    /// unless the request sets one).
    case stringEncodingAscii
}

/// What a request is made of: a path, a method, headers, query and body parameters. The default
/// `urlRequest(with:)` turns it into a `URLRequest` against a `NetworkConfigurable`.
///
/// Parameters come either from a dictionary or from an `Encodable` value (which wins when set).
/// Every property but `path` and `method` has a default.
public protocol Requestable {
    /// The path relative to the configuration's base URL, or a whole URL when `isFullPath`.
    var path: String { get }
    /// Whether `path` is a whole URL; false by default.
    var isFullPath: Bool { get }
    /// The method.
    var method: HTTPMethodType { get }
    /// Headers of this request, on top of the configuration's (the spelling is SONetworking's).
    var headerParamaters: [String: String] { get }
    /// Query parameters as an `Encodable` value; used instead of `queryParameters` when set.
    var queryParametersEncodable: Encodable? { get }
    /// Query parameters; values are written as text (`true`, `42`, `2.5`).
    var queryParameters: [String: Any] { get }
    /// Body parameters as an `Encodable` value; used instead of `bodyParamaters` when set.
    var bodyParamatersEncodable: Encodable? { get }
    /// Body parameters; no body is sent when there are none.
    var bodyParamaters: [String: Any] { get }
    /// How body parameters are encoded; JSON by default.
    var bodyEncoding: BodyEncoding { get }

    /// The `URLRequest` for this endpoint under `networkConfig`: base URL and path, the
    /// configuration's query parameters and headers under the endpoint's own, and the body.
    /// - Throws: `RequestGenerationError` when no URL can be formed or a parameter cannot be encoded.
    func urlRequest(with networkConfig: NetworkConfigurable) throws -> URLRequest
}

extension Requestable {
    public var isFullPath: Bool { false }
    public var headerParamaters: [String: String] { [:] }
    public var queryParametersEncodable: Encodable? { nil }
    public var queryParameters: [String: Any] { [:] }
    public var bodyParamatersEncodable: Encodable? { nil }
    public var bodyParamaters: [String: Any] { [:] }
    public var bodyEncoding: BodyEncoding { .jsonSerializationData }
}

/// A `Requestable` whose response decodes into `Response` with `responseDecoder`.
public protocol ResponseRequestable: Requestable {
    /// What the response body decodes into; `Void` when it is ignored.
    associatedtype Response
    /// Decodes the response body.
    var responseDecoder: ResponseDecoder { get }
}

/// Why `urlRequest(with:)` could not build a request.
public enum RequestGenerationError: Error, Sendable, CustomStringConvertible {
    /// The base URL, path and query do not form a URL.
    case components
    /// A parameter cannot be encoded; the sentence names it.
    case unencodable(String)

    public var description: String {
        switch self {
        case .components: return "The base URL, path and query parameters do not form a URL."
        case .unencodable(let reason): return "A parameter cannot be encoded: \(reason)."
        }
    }
}
