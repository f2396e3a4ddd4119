import Foundation

/// How failed requests are tried again: how often, how long to wait, and for which failures.
///
/// ```swift
/// let retry = RetryConfiguration(retries: 2, delay: .constant(1)) { context in
///     context.response?.statusCode == 503
/// }
/// request.execute(on: endpoint).retry(retry)
/// ```
///
/// Without a predicate the built-in rules decide: idempotent methods are retried after transport
/// failures and on 408, 429, 500, 502, 503 and 504, and the endpoint's retriers may allow more.
/// Cancellation and timeouts are never retried, whatever the predicate says.
public struct RetryConfiguration: Sendable {
    /// The wait before each retry.
    public enum Delay: Sendable, Equatable {
        /// The same wait every time.
        case constant(TimeInterval)
        /// `base × multiplier^(attempt − 1)`, at most `max`, plus up to `jitter` (a share of the
        /// wait, 0…1) added at random so clients that failed together do not retry together.
        case exponential(base: TimeInterval, multiplier: Double, max: TimeInterval, jitter: Double)

        /// The wait after failed attempt `attempt` (1 for the first), before jitter.
        public func interval(afterAttempt attempt: Int) -> TimeInterval {
            switch self {
            case .constant(let seconds): return max(0, seconds)
            case .exponential(let base, let multiplier, let maximum, _):
                return max(0, min(maximum, base * pow(multiplier, Double(max(0, attempt - 1)))))
            }
        }

        /// The wait with jitter applied.
        func jittered(afterAttempt attempt: Int) -> TimeInterval {
            let interval = self.interval(afterAttempt: attempt)
            guard case .exponential(_, _, _, let jitter) = self, jitter > 0 else { return interval }
            return interval + interval * min(1, jitter) * Double.random(in: 0...1)
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
    public static let `default` = RetryConfiguration(retries: 1)

    /// No retries.
    public static let none = RetryConfiguration(retries: 0)

    /// The wait before retrying after `attempt` failed: the server's `Retry-After` when it is
    /// valid and in the future, otherwise the configured delay. Nil when the server asks for more
    /// than `maximumRetryAfter`.
    func wait(afterAttempt attempt: Int, retryAfter: String?, now: Date = Date()) -> TimeInterval? {
        guard let retryAfter, let requested = Self.seconds(fromRetryAfter: retryAfter, now: now), requested > 0 else {
            return delay.jittered(afterAttempt: attempt)
        }
        return requested <= maximumRetryAfter ? requested : nil
    }

    /// `Retry-After` as seconds from now: delta-seconds (fractions allowed) or an HTTP date.
    /// Nil when malformed; zero or negative when the date has passed.
    static func seconds(fromRetryAfter value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: trimmed).map { $0.timeIntervalSince(now) }
    }
}
