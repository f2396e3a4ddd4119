import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request-execution core: a state machine (`Execution.StateMachine`) that says what to do
/// next, and the pipeline that does it. Modelled on async-http-client's `Transaction+StateMachine`:
/// events go in, actions come out, and the owner performs them.
enum Execution {
    /// Why an execution ended without a response to decode; the pipeline turns it into an
    /// `ErrorResponse` of the request's error type.
    enum Failure: Error, Sendable {
        /// The transport failed below HTTP.
        case transport(TransportError)
        /// No complete response arrived within the deadline.
        case timedOut(after: TimeInterval)
        /// The caller cancelled.
        case cancelled
        /// An adapter or response processor threw.
        case processing(any Error)

        /// The failure as the retry policy sees it: only transport failures other than
        /// cancellation may be retried.
        var retryKind: RetryPolicy.Failure {
            if case .transport(let error) = self { return .transport(retryable: error.kind != .cancelled) }
            return .transport(retryable: false)
        }

        /// The transport error, for a retrier's context.
        var transportError: TransportError? {
            if case .transport(let error) = self { return error }
            return nil
        }
    }

    /// How a final response's body is read.
    enum Body: Sendable, Equatable {
        /// As the request's `ResponseObjectType` (a success status).
        case value
        /// As the request's `ErrorType` (an error status that is not retried).
        case serverError
    }

    /// What the owner of a state machine does next.
    enum Action: Sendable {
        /// Apply cookies and adapters to the built request, then report `adapted` or `adaptFailed`.
        case adapt(RequestContext)
        /// Send once, failing as `.timedOut` at `deadline` seconds; report `received` or `sendFailed`.
        case send(URLRequest, deadline: TimeInterval?)
        /// Keep the response's cookies and run the response processors; a processor may ask for a
        /// replay only when `mayReplay`. Report `processed` or `processingFailed`.
        case process(TransportResponse, request: URLRequest, context: RequestContext, mayReplay: Bool)
        /// Ask the predicate or the retriers whether to retry; report `retryAnswered`.
        case askRetry(RetryPolicy.Question, RetryContext)
        /// Sleep this many seconds, then report `waited` (or `cancelled`).
        case wait(TimeInterval)
        /// The last step: decode the response and finish with it.
        case decode(TransportResponse, as: Body)
        /// The last step: finish with this failure.
        case finish(Failure)

        /// Whether the execution ends with this action.
        var isFinal: Bool {
            switch self {
            case .decode, .finish: return true
            default: return false
            }
        }
    }
}
