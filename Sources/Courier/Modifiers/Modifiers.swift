import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a modifier knows about the request it is working on.
public struct RequestContext: Sendable {
    /// The attempt, starting at 1; retries and replays count up.
    public let attempt: Int
    /// Whether the request wants authorization (`Request.requiresAuthentication`).
    public let requiresAuthentication: Bool
    /// Whether this attempt replays one a processor asked to replay (after a token refresh, say).
    public let isReplay: Bool
}

/// Changes a request before it is sent: headers, tokens, signing. May suspend and may throw; a
/// thrown error fails the request as `ErrorResponse.processing`. (Seed 003's `RequestAdapting`,
/// in its own shape, is in `CourierSTRVNetworking`.)
public protocol RequestAdapter: Sendable {
    func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest
}

/// What a response processor decided.
public enum ResponseProcessingResult: Sendable {
    /// Go on with this response (the one received, or one the processor made).
    case proceed(TransportResponse)
    /// Send the request again, adapted afresh; at most once per execution, so nothing loops.
    case replay
}

/// Looks at every response before it is validated and decoded, and may ask for one replay (after
/// a token refresh, say). May throw; a thrown error fails the request as `ErrorResponse.processing`.
public protocol ResponseProcessor: Sendable {
    func process(_ response: TransportResponse, for request: URLRequest, context: RequestContext) async throws -> ResponseProcessingResult
}

/// Sees the error a request ends with and may replace it. An error that is not an
/// `ErrorResponse` reaches the caller as `ErrorResponse.processing`.
public protocol ErrorProcessor: Sendable {
    func process(_ error: any Error, for request: URLRequest, context: RequestContext) async -> any Error
}

/// Adapts requests and processes responses and errors in one type.
public protocol Interceptor: RequestAdapter, ResponseProcessor, ErrorProcessor {}

extension Interceptor {
    public func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest { request }
    public func process(_ response: TransportResponse, for request: URLRequest, context: RequestContext) async throws -> ResponseProcessingResult {
        .proceed(response)
    }
    public func process(_ error: any Error, for request: URLRequest, context: RequestContext) async -> any Error { error }
}

/// The adapters, response processors and error processors of an endpoint, run in registration order.
public final class RequestModifiers: Sendable {
    private struct State {
        var adapters: [any RequestAdapter] = []
        var processors: [any ResponseProcessor] = []
        var errorProcessors: [any ErrorProcessor] = []
    }

    private let state = Mutex(State())

    public init() {}

    public func add(adapter: any RequestAdapter) { state.withLock { $0.adapters.append(adapter) } }
    public func add(processor: any ResponseProcessor) { state.withLock { $0.processors.append(processor) } }
    public func add(errorProcessor: any ErrorProcessor) { state.withLock { $0.errorProcessors.append(errorProcessor) } }

    /// Adds an interceptor as adapter, response processor and error processor at once.
    public func add(interceptor: any Interceptor) {
        state.withLock { state in
            state.adapters.append(interceptor)
            state.processors.append(interceptor)
            state.errorProcessors.append(interceptor)
        }
    }

    public func removeAll() { state.withLock { $0 = State() } }

    public var adapters: [any RequestAdapter] { state.withLock { $0.adapters } }
    public var processors: [any ResponseProcessor] { state.withLock { $0.processors } }
    public var errorProcessors: [any ErrorProcessor] { state.withLock { $0.errorProcessors } }

    var isEmpty: Bool { state.withLock { $0.adapters.isEmpty && $0.processors.isEmpty && $0.errorProcessors.isEmpty } }
}

/// An adapter made of a closure.
public struct ClosureAdapter: RequestAdapter {
    private let body: @Sendable (URLRequest, RequestContext) async throws -> URLRequest
    public init(_ body: @escaping @Sendable (URLRequest, RequestContext) async throws -> URLRequest) { self.body = body }
    public func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest { try await body(request, context) }
}
