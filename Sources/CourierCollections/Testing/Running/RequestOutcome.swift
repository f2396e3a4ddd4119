import Courier
import Foundation

/// What running one collection request as a test produced: the response, each assertion and
/// capture, and the verdict.
public struct RequestOutcome: Sendable {
    /// How a request came out.
    public enum Verdict: String, Sendable {
        /// Its assertions held (or, without `expect:`, its status was 2xx/3xx).
        case passed
        /// An assertion or a capture failed, or a status without `expect:` was 4xx/5xx.
        case failed
        /// It could not be sent: a collection or template error, or no response (transport).
        case error
        /// `skip: true` and not named.
        case skipped
    }

    /// Why a request produced no response to judge.
    public enum Problem: Sendable, Equatable {
        /// The request file, a template or a `requires:` is wrong (exit 2).
        case collection(String)
        /// The request could not be built (exit 2).
        case invalidRequest(String)
        /// No response: refused, timed out, TLS (exit 3).
        case transport(String)
        /// Cancelled.
        case cancelled

        /// The sentence shown for it.
        public var message: String {
            switch self {
            case .collection(let text), .invalidRequest(let text), .transport(let text): return text
            case .cancelled: return "cancelled"
            }
        }
    }

    /// The request run.
    public let request: LoadedRequest
    /// What came back, when the request was sent.
    public let result: RunResult?
    /// Each `expect:` line's result, in order (none with `--no-expect`).
    public let assertions: [AssertionResult]
    /// Each `capture:` entry's result, in order.
    public let captures: [CaptureResult]
    /// Why there is no response to judge, if there is none.
    public let problem: Problem?
    /// Whether `expect:` was evaluated (`--no-expect` leaves it out).
    public let evaluated: Bool
    /// Masks the secrets this request was sent with and those it captured.
    public let redactor: SecretRedactor

    /// An outcome; `TestSession` makes them, and a runner makes one for a request it could not start.
    public init(request: LoadedRequest, result: RunResult?, assertions: [AssertionResult], captures: [CaptureResult], problem: Problem?,
                evaluated: Bool, redactor: SecretRedactor) {
        self.request = request
        self.result = result
        self.assertions = assertions
        self.captures = captures
        self.problem = problem
        self.evaluated = evaluated
        self.redactor = redactor
    }

    /// The outcome of a request that could not be started: a broken `requires:`.
    public static func problem(_ problem: Problem, of request: LoadedRequest) -> RequestOutcome {
        RequestOutcome(request: request, result: nil, assertions: [], captures: [], problem: problem, evaluated: false, redactor: SecretRedactor())
    }

    /// The outcome of a request left out by `skip: true`.
    public static func skipped(_ request: LoadedRequest) -> RequestOutcome {
        RequestOutcome(request: request, result: nil, assertions: [], captures: [], problem: nil, evaluated: false, redactor: SecretRedactor())
    }

    /// The verdict: a request with `expect:` lines is judged by them alone, one without by its status.
    public var verdict: Verdict {
        if problem != nil { return .error }
        guard let status = result?.statusCode else { return result == nil ? .skipped : .error }
        if captures.contains(where: { $0.value == nil }) { return .failed }
        if evaluated && !request.definition.expectations.isEmpty { return assertions.allSatisfy(\.passed) ? .passed : .failed }
        return (200..<400).contains(status) ? .passed : .failed
    }

    /// The assertions that failed.
    public var failedAssertions: [AssertionResult] { assertions.filter { !$0.passed } }
}
