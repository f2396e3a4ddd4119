import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request that was sent and answered: the decoded value together with the status, headers,
/// raw body and debug record of the final response (kean/Get's `Response`, under a name that
/// leaves NerdzNetworking's `response(on:)` and `Response<T>` alone).
///
/// ```swift
/// let sent = try await ListUsers().send(on: endpoint)
/// print(sent.statusCode, sent.headers["Content-Type"] ?? "", sent.debug.requestDuration)
/// let users = sent.value
/// ```
public struct Sent<Value: Sendable>: Sendable {
    /// The decoded body.
    public let value: Value
    /// The final response (after redirects).
    public let response: HTTPURLResponse
    /// The body as received, before any converter.
    public let data: Data
    /// Everything about the execution: the request as built, attempts, duration, the cURL command.
    public let debug: DebugInfo

    /// Creates a response; the library makes these, tests of code that takes one may too.
    public init(value: Value, response: HTTPURLResponse, data: Data, debug: DebugInfo) {
        self.value = value
        self.response = response
        self.data = data
        self.debug = debug
    }

    /// The final HTTP status.
    public var statusCode: Int { response.statusCode }

    /// The response headers by name, as the transport reports them (repeated headers joined by commas).
    public var headers: [String: String] {
        var headers: [String: String] = [:]
        for case let (name as String, value) in response.allHeaderFields { headers[name] = "\(value)" }
        return headers
    }

    /// The same response with the value transformed.
    /// - Parameter transform: Makes the new value from the old one.
    /// - Returns: A response with the same status, headers, body and debug record.
    public func map<T: Sendable>(_ transform: (Value) throws -> T) rethrows -> Sent<T> {
        Sent<T>(value: try transform(value), response: response, data: data, debug: debug)
    }
}

/// What one execution produced, success or failure, with its debug record: for tools that show
/// every exchange (a failed one has a status and body too when the server answered).
public struct Exchange<R: Request>: Sendable {
    /// The response, or why there is none.
    public let result: Result<Sent<R.ResponseObjectType>, ErrorResponse<R.ErrorType>>
    /// The execution's record, whatever the result: the request as built, the final response and
    /// its body when one arrived, attempts, duration, the error.
    public let debug: DebugInfo
}

/// What `streamingExchange(on:progress:)` produced: the response with its body still streaming,
/// or why there is none, and the record of the exchange up to the response head.
public struct StreamingExchange<R: Request>: Sendable {
    /// The response, its body to read, or why there is none.
    public let result: Result<StreamedResponse, ErrorResponse<R.ErrorType>>
    /// The request as built, the response head when one arrived, the duration to it, the error.
    public let debug: DebugInfo
}
