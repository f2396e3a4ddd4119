import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request method: `.get`, `.post`, `.put`, `.patch`, `.delete`, … (Courier's, so routers
/// and Courier requests share one type).
public typealias HTTPMethod = Courier.HTTPMethod

/// An HTTP status code.
public typealias HTTPStatusCode = Int

extension HTTPStatusCode {
    /// 200..<400: what a request accepts unless its `acceptableStatusCodes` say otherwise.
    public static let successAndRedirectCodes: Range<HTTPStatusCode> = 200..<400
    /// 400..<500: client errors, which `RetryConfiguration.default` does not retry.
    public static let nonRetriableCodes: Range<HTTPStatusCode> = 400..<500
}

/// A response: its body and the `URLResponse` (an `HTTPURLResponse` for every request the
/// managers send).
public typealias Response = (data: Data, response: URLResponse)

/// One call to an endpoint: the endpoint, an identifier unique to the call, and the manager's
/// session identifier. Adapters and processors receive it.
public struct EndpointRequest: Identifiable, Sendable {
    /// Unique to this call.
    public let id: String
    /// The manager's session, the same for all its calls.
    public let sessionId: String
    /// The endpoint called.
    public let endpoint: any Requestable

    init(_ endpoint: any Requestable, sessionId: String) {
        id = "\(type(of: endpoint))_\(endpoint.path)_\(UUID().uuidString)"
        self.endpoint = endpoint
        self.sessionId = sessionId
    }
}
