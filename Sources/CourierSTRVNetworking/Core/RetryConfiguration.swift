import Courier
import Foundation

/// How a failed request is tried again: how many times, how long to wait, and which errors are
/// worth it.
///
/// ```swift
/// let retryConfiguration = RetryConfiguration(retries: 2, delay: .constant(1)) { error in
///     (error as? NetworkError)?.statusCode != 404
/// }
/// ```
///
/// The handler receives the error the request would fail with (`NetworkError`, a processor's or
/// adapter's error, a `URLError`). Cancellation and timeouts are never retried.
public struct RetryConfiguration: Sendable {
    /// The wait between attempts.
    public enum DelayConfiguration: Sendable, Equatable {
        /// The delay grows by the same amount after each retry: `interval × attempt`.
        case progressive(TimeInterval)
        /// The same delay before each retry.
        case constant(TimeInterval)

        /// The wait after failed attempt `attempt` (1 for the first).
        func interval(afterAttempt attempt: Int) -> TimeInterval {
            switch self {
            case .constant(let seconds): return max(0, seconds)
            case .progressive(let step): return max(0, step * Double(attempt))
            }
        }
    }

    /// The number of retries after the first attempt.
    public let retries: Int
    /// The wait before each retry; fractions of a second are honoured.
    public let delay: DelayConfiguration
    /// Whether an error is worth another attempt.
    public let retryHandler: @Sendable (any Error) -> Bool
    /// Whether POST and PATCH are retried: configurations you make let the handler decide for
    /// every method; `.default` repeats only idempotent ones.
    let retriesNonIdempotent: Bool

    /// - Parameters:
    ///   - retries: Retries after the first attempt.
    ///   - delay: The wait before each retry.
    ///   - retryHandler: Decides, from the error, whether to retry.
    public init(retries: Int, delay: DelayConfiguration, retryHandler: @escaping @Sendable (any Error) -> Bool) {
        self.init(retries: retries, delay: delay, retriesNonIdempotent: true, retryHandler: retryHandler)
    }

    private init(retries: Int, delay: DelayConfiguration, retriesNonIdempotent: Bool,
                 retryHandler: @escaping @Sendable (any Error) -> Bool) {
        self.retries = max(0, retries)
        self.delay = delay
        self.retriesNonIdempotent = retriesNonIdempotent
        self.retryHandler = retryHandler
    }

    /// Three retries two seconds apart, for idempotent requests, except after authorization
    /// errors and client errors (4xx).
    public static let `default` = RetryConfiguration(retries: 3, delay: .constant(2), retriesNonIdempotent: false) { error in
        if error is AuthorizationError { return false }
        guard let status = (error as? NetworkError)?.statusCode else { return true }
        return !HTTPStatusCode.nonRetriableCodes.contains(status)
    }

    /// Whether attempt `attempt` (1 for the first), which failed with `error`, may be followed by
    /// another: for the paths Courier sends once (a download's start).
    func allows(another attempt: Int, after error: any Error, method: HTTPMethod) -> Bool {
        guard attempt <= retries, !(error is CancellationError), (error as? URLError)?.code != .timedOut else { return false }
        return (retriesNonIdempotent || method.isIdempotent) && retryHandler(error)
    }

    /// Courier's strategy for this configuration: the handler decides, with the error it would
    /// have thrown; a status the endpoint accepts is never retried.
    func strategy(accepting acceptable: Range<HTTPStatusCode>?) -> RetryStrategy {
        let handler = retryHandler
        let courierDelay: RetryStrategy.Delay = switch delay {
        case .constant(let seconds): .constant(seconds)
        case .progressive(let step): .linear(step: step)
        }
        return RetryStrategy(retries: retries, delay: courierDelay, retriesNonIdempotent: retriesNonIdempotent) { context in
            if let status = context.response?.statusCode, acceptable?.contains(status) ?? false { return false }
            return handler(NetworkError.failure(of: context, accepting: acceptable ?? HTTPStatusCode.successAndRedirectCodes))
        }
    }
}
