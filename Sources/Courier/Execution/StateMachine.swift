import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Execution {
    /// One execution of a request, from the first adaptation to the final response or failure, as
    /// a plain value: each event returns the action its owner performs next. No network, no clock,
    /// no tasks, so every retry, replay and cancellation path is tested by feeding events.
    ///
    /// ```
    /// start → adapt → send ─┬─ received → process ─┬─ success status → decode
    ///                       │                      ├─ replay (once) → adapt
    ///                       │                      └─ error status ─┐
    ///                       └─ sendFailed ─────────────────────────┴─ policy: retry → wait → adapt
    ///                                                                  ask → retryAnswered
    ///                                                                  give up → decode / finish
    /// ```
    /// `cancelled()` may come at any point and finishes as `.cancelled`.
    struct StateMachine {
        /// What went wrong with an attempt that may be retried.
        private enum Setback {
            case failure(Failure)
            /// An error status, received at the given time (`Retry-After` dates count from it).
            case response(TransportResponse, at: Date)
        }

        /// A failed attempt on its way to a retry: what failed and the policy that judges it.
        private struct Pending {
            let setback: Setback
            let policy: RetryPolicy
        }

        private enum State {
            case initial
            case adapting
            case sending
            case processing
            case askingRetry(Pending)
            case waiting
            case finished
        }

        let method: HTTPMethod
        /// The deadline of each attempt, in seconds.
        let timeout: TimeInterval?
        let requiresAuthentication: Bool

        private var state = State.initial
        /// Attempts made so far, replays included; 0 before `start()`.
        private(set) var attempts = 0
        /// Whether the current attempt replays one a processor asked to replay.
        private var isReplay = false
        /// Whether the one replay an execution may have was used.
        private var replayUsed = false
        /// The last request adapted (or adapted as far as it got), for the debug record.
        private(set) var request: URLRequest?
        /// The current attempt's response, for the debug record.
        private(set) var response: TransportResponse?

        init(method: HTTPMethod, timeout: TimeInterval?, requiresAuthentication: Bool) {
            self.method = method
            self.timeout = timeout
            self.requiresAuthentication = requiresAuthentication
        }

        // MARK: - Events

        /// The request was built: adapt it for the first attempt.
        mutating func start() -> Action {
            guard case .initial = state else { preconditionFailure("start() in state \(state)") }
            return nextAttempt()
        }

        /// The adapters ran: send what they made.
        mutating func adapted(_ request: URLRequest) -> Action {
            guard case .adapting = state else { preconditionFailure("adapted(_:) in state \(state)") }
            self.request = request
            state = .sending
            return .send(request, deadline: timeout)
        }

        /// An adapter threw; `partial` is the request as adapted so far.
        mutating func adaptFailed(_ error: any Error, partial: URLRequest) -> Action {
            guard case .adapting = state else { preconditionFailure("adaptFailed(_:partial:) in state \(state)") }
            request = partial
            return finish(.processing(error))
        }

        /// A response arrived: process it.
        mutating func received(_ response: TransportResponse) -> Action {
            guard case .sending = state, let request else { preconditionFailure("received(_:) in state \(state)") }
            self.response = response
            state = .processing
            return .process(response, request: request, context: context, mayReplay: !replayUsed)
        }

        /// The attempt failed without a response: `policy` judges whether to retry.
        mutating func sendFailed(_ failure: Failure, policy: RetryPolicy) -> Action {
            guard case .sending = state else { preconditionFailure("sendFailed(_:policy:) in state \(state)") }
            return judge(Pending(setback: .failure(failure), policy: policy))
        }

        /// The processors are done: `response` is what they made of it, and `replay` says one
        /// asked to send the request again. An error status is judged by `policy` at `now`
        /// (which dates in `Retry-After` are measured against).
        mutating func processed(_ response: TransportResponse, replay: Bool, policy: RetryPolicy, now: Date) -> Action {
            guard case .processing = state else { preconditionFailure("processed(_:replay:policy:now:) in state \(state)") }
            self.response = response
            if replay && !replayUsed {
                // Once per execution: a second request for a replay proceeds, so a refresh cannot loop.
                replayUsed = true
                return nextAttempt(replaying: true)
            }
            guard response.response.statusCode >= 400 else { return finish(decoding: response, as: .value) }
            return judge(Pending(setback: .response(response, at: now), policy: policy))
        }

        /// A response processor threw.
        mutating func processingFailed(_ error: any Error) -> Action {
            guard case .processing = state else { preconditionFailure("processingFailed(_:) in state \(state)") }
            return finish(.processing(error))
        }

        /// The predicate or the retriers answered.
        mutating func retryAnswered(_ retry: Bool) -> Action {
            guard case .askingRetry(let pending) = state else { preconditionFailure("retryAnswered(_:) in state \(state)") }
            return retry ? scheduleRetry(pending) : giveUp(pending.setback)
        }

        /// The pause before the next attempt is over.
        mutating func waited() -> Action {
            guard case .waiting = state else { preconditionFailure("waited() in state \(state)") }
            return nextAttempt()
        }

        /// The caller cancelled. Valid in every state, the final one included: a cancellation seen
        /// before the final action is performed wins over it.
        mutating func cancelled() -> Action {
            finish(.cancelled)
        }

        // MARK: - Transitions

        private var context: RequestContext {
            RequestContext(attempt: attempts, requiresAuthentication: requiresAuthentication, isReplay: isReplay)
        }

        private mutating func nextAttempt(replaying: Bool = false) -> Action {
            attempts += 1
            isReplay = replaying
            response = nil
            state = .adapting
            return .adapt(context)
        }

        /// Asks the policy about a failed attempt.
        private mutating func judge(_ pending: Pending) -> Action {
            let failure: RetryPolicy.Failure
            switch pending.setback {
            case .failure(let error): failure = error.retryKind
            case .response(let response, _): failure = .status(response.response.statusCode)
            }
            switch pending.policy.decision(after: failure, method: method, attempt: attempts) {
            case .retry: return scheduleRetry(pending)
            case .giveUp: return giveUp(pending.setback)
            case .ask(let question):
                state = .askingRetry(pending)
                return .askRetry(question, retryContext(pending.setback))
            }
        }

        /// Waits as the policy says, or gives up when the server asks for too long a wait.
        private mutating func scheduleRetry(_ pending: Pending) -> Action {
            var retryAfter: String?
            var now = Date.distantPast
            if case .response(let response, let received) = pending.setback {
                retryAfter = response.response.value(forHTTPHeaderField: "Retry-After")
                now = received
            }
            guard let seconds = pending.policy.wait(afterAttempt: attempts, retryAfter: retryAfter, now: now) else {
                return giveUp(pending.setback)
            }
            state = .waiting
            return .wait(seconds)
        }

        private mutating func giveUp(_ setback: Setback) -> Action {
            switch setback {
            case .failure(let failure): return finish(failure)
            case .response(let response, _): return finish(decoding: response, as: .serverError)
            }
        }

        private func retryContext(_ setback: Setback) -> RetryContext {
            let placeholder = URLRequest(url: URL(fileURLWithPath: "/"))
            switch setback {
            case .failure(let failure):
                return RetryContext(request: request ?? placeholder, response: nil, error: failure.transportError, attempt: attempts)
            case .response(let response, _):
                return RetryContext(request: request ?? placeholder, response: response.response, error: nil, attempt: attempts,
                                    body: response.data)
            }
        }

        private mutating func finish(_ failure: Failure) -> Action {
            state = .finished
            return .finish(failure)
        }

        private mutating func finish(decoding response: TransportResponse, as body: Body) -> Action {
            state = .finished
            return .decode(response, as: body)
        }
    }
}
