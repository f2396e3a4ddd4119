import Foundation

/// One request to a server, with the types its success and error bodies decode into.
///
/// Only `path` is required; every other property has a default:
///
/// ```swift
/// struct ListUsers: Request {
///     typealias ResponseObjectType = UserPage
///     typealias ErrorType = APIError
///     let path = "users"
///     var queryParams: [(String, String)] { [("page", "2")] }
/// }
/// ```
public protocol Request: Sendable {
    /// What a successful response decodes into.
    associatedtype ResponseObjectType: ResponseObject
    /// What an error response (4xx/5xx) decodes into.
    associatedtype ErrorType: ServerError

    /// The path relative to the endpoint's base URL, or an absolute `http(s)://` URL.
    var path: String { get }
    /// The method; `.get` by default.
    var method: HTTPMethod { get }
    /// Query parameters in order; repeated names are allowed.
    var queryParams: [(String, String)] { get }
    /// The body; none by default.
    var body: RequestBody? { get }
    /// Headers for this request, applied on top of the endpoint's.
    var headers: RequestHeaders { get }
    /// A deadline for the whole exchange in seconds (fractions honoured); nil uses the endpoint's session timeout.
    var timeout: TimeInterval? { get }
    /// Applied to a successful body before decoding.
    var responseConverter: ResponseJsonConverter? { get }
    /// Applied to an error body before decoding.
    var errorConverter: ResponseJsonConverter? { get }
    /// The endpoint to run on; nil means `Endpoint.default`.
    var endpoint: Endpoint? { get }
    /// The decoder for this request; nil means the endpoint's, then a plain `JSONDecoder`.
    var decoder: JSONDecoder? { get }
    /// Whether authorization adapters apply to this request (`RequestContext.requiresAuthentication`).
    var requiresAuthentication: Bool { get }
}

extension Request {
    public var method: HTTPMethod { .get }
    public var queryParams: [(String, String)] { [] }
    public var body: RequestBody? { nil }
    public var headers: RequestHeaders { [:] }
    public var timeout: TimeInterval? { nil }
    public var responseConverter: ResponseJsonConverter? { nil }
    public var errorConverter: ResponseJsonConverter? { nil }
    public var endpoint: Endpoint? { nil }
    public var decoder: JSONDecoder? { nil }
    public var requiresAuthentication: Bool { true }
}

// MARK: - Execution

extension Request {
    /// Starts the request on `endpoint`; register callbacks on the returned operation.
    public func execute(on endpoint: Endpoint) -> ExecutionOperation<Self> {
        ExecutionOperation(request: self, endpoint: endpoint)
    }

    /// Starts the request on its own `endpoint`, or `Endpoint.default`.
    /// Without either, the operation fails through `onFail` with `.invalidRequest`.
    public func execute() -> ExecutionOperation<Self> {
        ExecutionOperation(request: self, endpoint: endpoint ?? Endpoint.default)
    }

    /// Runs the request and returns the decoded response: `send(on:)`'s `value`.
    /// - Parameter endpoint: Where to run; nil means the request's own endpoint, then `Endpoint.default`.
    /// - Returns: The decoded `ResponseObjectType`.
    /// - Throws: `ErrorResponse<ErrorType>`; `.cancelled` when the surrounding `Task` is cancelled.
    public func asyncExecute(on endpoint: Endpoint? = nil) async throws(ErrorResponse<ErrorType>) -> ResponseObjectType {
        try await send(on: endpoint).value
    }

    /// Sends the request and returns as soon as the response head arrives; the body streams in
    /// as `AsyncThrowingStream<Data, Error>` (URLSession on Linux has no `bytes(for:)`). Stopping
    /// the iteration, or cancelling the task, cancels the transfer. Not retried.
    public func stream(on endpoint: Endpoint? = nil,
                       progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws(ErrorResponse<ErrorType>) -> StreamedResponse {
        guard let target = endpoint ?? self.endpoint ?? Endpoint.default else { throw .invalidRequest(.noEndpoint) }
        return try await RequestPipeline(request: self, endpoint: target, options: .init()).stream(progress: progress).get()
    }

    /// Sends the request once and returns when the response head arrives, whatever its status,
    /// its body streaming as in `stream(on:progress:)`: for tools that show every answer as it
    /// arrives. Not retried.
    /// - Returns: The streamed response, or why there is none, with the record of the exchange up
    ///   to the head (its `dataResponse` is empty: the body is the caller's to read).
    public func streamingExchange(on endpoint: Endpoint? = nil,
                                  progress: (@Sendable (TransferProgress) -> Void)? = nil) async -> StreamingExchange<Self> {
        guard let target = endpoint ?? self.endpoint ?? Endpoint.default else {
            return StreamingExchange(result: .failure(.invalidRequest(.noEndpoint)), debug: .unbuilt)
        }
        return await RequestPipeline(request: self, endpoint: target, options: .init()).streamingExchange(progress: progress)
    }

    /// Runs the request on its own endpoint or `Endpoint.default`; see `asyncExecute(on:)`.
    public func asyncExecute() async throws(ErrorResponse<ErrorType>) -> ResponseObjectType {
        try await asyncExecute(on: nil)
    }
}
