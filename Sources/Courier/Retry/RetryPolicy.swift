import Foundation

/// Every retry decision in one place: whether a failed attempt may be tried again, who is asked
/// when the rules alone cannot say, and how long to wait. Pure: no network, no clock (the time and
/// the jitter sample come in as values), so the state machine's tests pin it exactly.
///
/// The rules, as `RetryStrategy` documents them for users:
/// - no retries left, cancellation and timeouts: never;
/// - a configuration with a predicate: the predicate decides, for methods the configuration allows;
/// - otherwise idempotent methods (and POST/PATCH when `retriesNonIdempotent`) retry transport
///   failures and 408, 429, 500, 502, 503, 504; anything else goes to the endpoint's retriers.
struct RetryPolicy: Sendable {
    /// The statuses the built-in rules retry.
    static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// What failed, as far as the policy cares.
    enum Failure: Sendable, Equatable {
        /// The transport failed; `retryable` is false for cancellation.
        case transport(retryable: Bool)
        /// The server answered with this error status.
        case status(Int)
    }

    /// Who must be asked before retrying, when the rules alone do not allow it.
    enum Question: Sendable, Equatable {
        /// The configuration's `shouldRetry` predicate.
        case predicate
        /// The endpoint's retriers (`RequestRetryingManager`).
        case retriers
    }

    /// What the policy says after a failed attempt.
    enum Decision: Sendable, Equatable {
        /// Retry (after `wait(afterAttempt:retryAfter:now:)`).
        case retry
        /// Ask first; a yes retries.
        case ask(Question)
        /// Do not retry.
        case giveUp
    }

    /// The configuration in force for this execution.
    var configuration: RetryStrategy
    /// A sample in 0…1 for the jitter of exponential delays; random unless a test pins it.
    var jitterSample: @Sendable () -> Double = { Double.random(in: 0...1) }

    /// Whether attempt `attempt` (1 for the first) may be followed by another, and who decides.
    /// - Parameters:
    ///   - failure: What went wrong.
    ///   - method: The request's method.
    ///   - attempt: The attempt that failed, replays included.
    func decision(after failure: Failure, method: HTTPMethod, attempt: Int) -> Decision {
        guard configuration.retries - (attempt - 1) > 0 else { return .giveUp }
        if case .transport(retryable: false) = failure { return .giveUp }
        let methodAllowed = method.isIdempotent || configuration.retriesNonIdempotent
        if configuration.shouldRetry != nil { return methodAllowed ? .ask(.predicate) : .giveUp }
        guard methodAllowed else { return .ask(.retriers) }
        switch failure {
        case .transport: return .retry
        case .status(let status): return Self.retryableStatuses.contains(status) ? .retry : .ask(.retriers)
        }
    }

    /// The wait before retrying after `attempt` failed: the server's `Retry-After` when it is valid
    /// and in the future, otherwise the configured delay (with jitter). Nil when the server asks for
    /// more than `maximumRetryAfter`: then the request fails instead of waiting.
    func wait(afterAttempt attempt: Int, retryAfter: String?, now: Date) -> TimeInterval? {
        guard let retryAfter, let requested = Self.seconds(fromRetryAfter: retryAfter, now: now), requested > 0 else {
            return jittered(afterAttempt: attempt)
        }
        return requested <= configuration.maximumRetryAfter ? requested : nil
    }

    /// The configured delay after `attempt`, plus up to `jitter` of it.
    private func jittered(afterAttempt attempt: Int) -> TimeInterval {
        let delay = configuration.delay
        let interval = delay.interval(afterAttempt: attempt)
        guard case .exponential(_, _, _, let jitter) = delay, jitter > 0 else { return interval }
        return interval + interval * min(1, jitter) * min(1, max(0, jitterSample()))
    }

    /// `Retry-After` as seconds from `now`: delta-seconds (fractions allowed) or an HTTP date.
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
