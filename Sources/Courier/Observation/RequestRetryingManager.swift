import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a retrier is asked after a failed attempt.
public struct RetryContext: Sendable {
    /// The request that was sent.
    public let request: URLRequest
    /// The response, when the server answered (with a status of 400 or more).
    public let response: HTTPURLResponse?
    /// The transport failure, when there was no response.
    public let error: TransportError?
    /// The attempt that failed, starting at 1.
    public let attempt: Int
    /// The error response's body, when the server answered.
    public var body: Data? = nil
}

/// Decides whether a failed attempt is worth another one. Retriers can allow what the built-in
/// rules do not (a POST, a 409); the retry count still bounds the attempts and cancellation is
/// never retried.
public protocol RequestRetrier: Sendable {
    func shouldRetry(_ context: RetryContext) async -> Bool
}

/// Retries on the given status codes, whatever the method.
public struct StatusCodeRetrier: RequestRetrier {
    public let statusCodes: Set<Int>
    public init(statusCodes: Set<Int>) { self.statusCodes = statusCodes }
    public func shouldRetry(_ context: RetryContext) async -> Bool {
        context.response.map { statusCodes.contains($0.statusCode) } ?? false
    }
}

/// Retries when the server's error body says so: `ServerErrorRetrier(APIError.self) { $0.code == "busy" }`.
public struct ServerErrorRetrier<ErrorBody: Decodable & Sendable>: RequestRetrier {
    private let converter: ResponseJsonConverter?
    private let decide: @Sendable (ErrorBody) -> Bool

    /// Creates a retrier that decodes failed attempts' bodies as `type`.
    /// - Parameters:
    ///   - type: What the error body decodes into.
    ///   - converter: Where the error sits in the body, as for a request's `errorConverter`.
    ///   - decide: Whether the decoded error asks for a retry.
    public init(_ type: ErrorBody.Type, converter: ResponseJsonConverter? = nil, when decide: @escaping @Sendable (ErrorBody) -> Bool) {
        self.converter = converter
        self.decide = decide
    }

    public func shouldRetry(_ context: RetryContext) async -> Bool {
        guard let body = context.body,
              let data = try? converter.map({ try $0.convertedData(from: body) }) ?? body,
              let error = try? JSONDecoder().decode(ErrorBody.self, from: data) else { return false }
        return decide(error)
    }
}

/// Retries requests that match, whatever went wrong: `RequestMatchingRetrier { $0.url?.path == "/jobs" }`.
public struct RequestMatchingRetrier: RequestRetrier {
    private let matches: @Sendable (URLRequest) -> Bool
    public init(_ matches: @escaping @Sendable (URLRequest) -> Bool) { self.matches = matches }
    public func shouldRetry(_ context: RetryContext) async -> Bool { matches(context.request) }
}

/// A retrier given as a closure.
public struct ClosureRetrier: RequestRetrier {
    private let decide: @Sendable (RetryContext) async -> Bool
    public init(_ decide: @escaping @Sendable (RetryContext) async -> Bool) { self.decide = decide }
    public func shouldRetry(_ context: RetryContext) async -> Bool { await decide(context) }
}

/// The retriers of an endpoint, asked in registration order.
public final class RequestRetryingManager: Sendable {
    private let retriers = Mutex<[any RequestRetrier]>([])

    public init() {}

    /// Adds a retrier.
    public func register(_ retrier: any RequestRetrier) {
        retriers.withLock { $0.append(retrier) }
    }

    /// Removes every retrier.
    public func removeAll() {
        retriers.withLock { $0.removeAll() }
    }

    /// Whether any registered retrier wants another attempt.
    func shouldRetry(_ context: RetryContext) async -> Bool {
        for retrier in retriers.withLock({ $0 }) where await retrier.shouldRetry(context) { return true }
        return false
    }
}
