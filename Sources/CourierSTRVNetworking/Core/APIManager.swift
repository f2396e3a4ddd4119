import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests for `Requestable` endpoints through Courier's pipeline: adapters, response
/// processors, retries, error processors, cookies and observers.
///
/// ```swift
/// let response = try await APIManager().request(UserRouter.getUser)
/// let user: UserResponse = try await apiManager.request(UserRouter.getUser)
/// ```
public final class APIManager: Sendable {
    /// The decoder `request(_:retryConfiguration:)` decodes with; a plain `JSONDecoder`.
    public var defaultDecoder: JSONDecoder { JSONDecoder() }

    /// The Courier endpoint the requests go through: register observers on
    /// `endpoint.observation`, read `endpoint.cookies`, export with `cURL(for:)`.
    public let endpoint: Endpoint
    private let errorProcessors: [any ErrorProcessing]
    private let sessionId = ISO8601DateFormatter().string(from: Date())

    /// - Parameters:
    ///   - urlSessionConfiguration: The configuration of the session requests go through.
    ///   - requestAdapters: Adapters run on every attempt, in order.
    ///   - responseProcessors: Processors run on every response, in order, before its status is judged.
    ///   - errorProcessors: Processors run on the error a call ends with, after its retries.
    public init(urlSessionConfiguration: URLSessionConfiguration = .default,
                requestAdapters: [any RequestAdapting] = [],
                responseProcessors: [any ResponseProcessing] = [],
                errorProcessors: [any ErrorProcessing] = []) {
        endpoint = .manager(configuration: urlSessionConfiguration, adapters: requestAdapters, processors: responseProcessors)
        self.errorProcessors = errorProcessors
    }

    /// Sends `endpoint` and returns the raw response.
    /// - Parameters:
    ///   - endpoint: The endpoint to call.
    ///   - retryConfiguration: How to retry; nil for no retries.
    /// - Returns: The body and the `HTTPURLResponse`.
    /// - Throws: `NetworkError` for a status the endpoint does not accept, an adapter's or
    ///   processor's error, `URLError` for transport failures, `CancellationError` when the task is
    ///   cancelled; each after the error processors.
    @discardableResult
    public func request(_ endpoint: any Requestable, retryConfiguration: RetryConfiguration?) async throws -> Response {
        let call = EndpointRequest(endpoint, sessionId: sessionId)
        let result: Result<Response, any Error>
        do {
            let routed = try RoutedRequest(call)
            result = await routed.send(on: self.endpoint, retry: retryConfiguration)
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let response): return response
        case .failure(let error) where error is CancellationError: throw error
        case .failure(let error): throw await errorProcessors.process(error, for: call)
        }
    }

    /// Sends `endpoint` with `RetryConfiguration.default` and returns the raw response.
    @discardableResult
    public func request(_ endpoint: any Requestable) async throws -> Response {
        try await request(endpoint, retryConfiguration: .default)
    }

    /// Sends `endpoint` and decodes the body as the type the caller asks for.
    /// - Parameters:
    ///   - endpoint: The endpoint to call.
    ///   - decoder: The decoder for the body.
    ///   - retryConfiguration: How to retry; nil for no retries.
    /// - Returns: The decoded body.
    /// - Throws: What `request(_:retryConfiguration:)` throws, or the decoder's `DecodingError`.
    public func request<DecodableResponse: Decodable>(_ endpoint: any Requestable, decoder: JSONDecoder,
                                                    retryConfiguration: RetryConfiguration?) async throws -> DecodableResponse {
        let response = try await request(endpoint, retryConfiguration: retryConfiguration)
        return try decoder.decode(DecodableResponse.self, from: response.data)
    }

    /// Decodes with `defaultDecoder`.
    public func request<DecodableResponse: Decodable>(_ endpoint: any Requestable,
                                                      retryConfiguration: RetryConfiguration?) async throws -> DecodableResponse {
        try await request(endpoint, decoder: defaultDecoder, retryConfiguration: retryConfiguration)
    }

    /// Decodes with `decoder` and retries with `RetryConfiguration.default`.
    public func request<DecodableResponse: Decodable>(_ endpoint: any Requestable, decoder: JSONDecoder) async throws -> DecodableResponse {
        try await request(endpoint, decoder: decoder, retryConfiguration: .default)
    }

    /// Decodes with `defaultDecoder` and retries with `RetryConfiguration.default`.
    public func request<DecodableResponse: Decodable>(_ endpoint: any Requestable) async throws -> DecodableResponse {
        try await request(endpoint, decoder: defaultDecoder, retryConfiguration: .default)
    }

    /// A shell command that sends `endpoint` with curl as this manager would (before adapters).
    /// - Throws: `RequestableError`, the body encoder's error, or Courier's `RequestBuildError`.
    public func cURL(for endpoint: any Requestable) throws -> String {
        try self.endpoint.cURL(for: RoutedRequest(EndpointRequest(endpoint, sessionId: sessionId)))
    }
}
