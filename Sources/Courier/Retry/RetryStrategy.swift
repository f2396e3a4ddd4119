import Foundation

/// How failed requests are tried again: how often, how long to wait, and for which failures.
///
/// ```swift
/// let retry = RetryStrategy(retries: 2, delay: .constant(1)) { context in
///     context.response?.statusCode == 503
/// }
/// request.execute(on: endpoint).retry(retry)
/// ```
///
/// Without a predicate the built-in rules decide: idempotent methods are retried after transport
/// failures and on 408, 429, 500, 502, 503 and 504, and the endpoint's retriers may allow more.
/// Cancellation and timeouts are never retried, whatever the predicate says.
public struct RetryStrategy: Sendable {
    /// The wait before each retry.
    public enum Delay: Sendable, Equatable {
        /// The same wait every time.
        case constant(TimeInterval)
        /// `step × attempt`: the wait grows by the same step after each failure.
        case linear(step: TimeInterval)
        /// `base × multiplier^(attempt − 1)`, at most `max`, plus up to `jitter` (a share of the
        /// wait, 0…1) added at random so clients that failed together do not retry together.
        case exponential(base: TimeInterval, multiplier: Double, max: TimeInterval, jitter: Double)

        /// The wait after failed attempt `attempt` (1 for the first), before jitter.
        public func interval(afterAttempt attempt: Int) -> TimeInterval {
            switch self {
            case .constant(let seconds): return max(0, seconds)
            case .linear(let step): return max(0, step * Double(max(1, attempt)))
            case .exponential(let base, let multiplier, let maximum, _):
                return max(0, min(maximum, base * pow(multiplier, Double(max(0, attempt - 1)))))
            }
        }
    }

    /// Retries after the first attempt; 0 turns retrying off.
    public var retries: Int
    public var delay: Delay
    /// Retry POST and PATCH too. Off by default: repeating them may repeat their effect.
    public var retriesNonIdempotent: Bool
    /// The longest `Retry-After` honoured; a longer one fails the request instead of waiting.
    public var maximumRetryAfter: TimeInterval
    /// Decides instead of the built-in rules, when given.
    public var shouldRetry: (@Sendable (RetryContext) async -> Bool)?

    public init(retries: Int, delay: Delay = .exponential(base: 0.2, multiplier: 2, max: 2, jitter: 0),
                retriesNonIdempotent: Bool = false, maximumRetryAfter: TimeInterval = 30,
                shouldRetry: (@Sendable (RetryContext) async -> Bool)? = nil) {
        self.retries = max(0, retries)
        self.delay = delay
        self.retriesNonIdempotent = retriesNonIdempotent
        self.maximumRetryAfter = maximumRetryAfter
        self.shouldRetry = shouldRetry
    }

    /// One retry with a short exponential backoff: what an endpoint uses unless told otherwise.
    public static let `default` = RetryStrategy(retries: 1)

    /// No retries.
    public static let none = RetryStrategy(retries: 0)
}
