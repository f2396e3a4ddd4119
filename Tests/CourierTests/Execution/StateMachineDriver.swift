@testable import Courier
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one action of the state machine asked for, reduced to what a test compares.
enum Step: Equatable, Sendable, CustomStringConvertible {
    case adapt(Int, replay: Bool = false)
    case send(deadline: Double? = nil)
    case process(mayReplay: Bool = true)
    case ask(RetryPolicy.Question)
    case wait(Double)
    case decode(Execution.Body)
    case finish(Ending)

    /// How an execution that did not decode a response ended.
    enum Ending: Sendable, Equatable {
        case transport, timedOut, cancelled, processing
    }

    var description: String {
        switch self {
        case .adapt(let attempt, let replay): return "adapt \(attempt)\(replay ? " (replay)" : "")"
        case .send(let deadline): return "send\(deadline.map { " within \($0) s" } ?? "")"
        case .process(let mayReplay): return "process\(mayReplay ? "" : " (no replay)")"
        case .ask(let question): return "ask \(question)"
        case .wait(let seconds): return "wait \(seconds)"
        case .decode(let body): return "decode \(body)"
        case .finish(let ending): return "finish \(ending)"
        }
    }
}

/// What the scripted world answers to each send, in order.
enum Reply: Sendable, CustomStringConvertible {
    case status(Int, retryAfter: String? = nil)
    case failure(TransportError.Kind)
    case timeout

    var description: String {
        switch self {
        case .status(let code, let retryAfter): return "\(code)\(retryAfter.map { " Retry-After: \($0)" } ?? "")"
        case .failure(let kind): return "\(kind)"
        case .timeout: return "timeout"
        }
    }
}

/// Drives an `Execution.StateMachine` the way `RequestPipeline` does, with scripted effects
/// instead of a network and a clock, and records every action it asks for.
struct StateMachineDriver: Sendable {
    var method: HTTPMethod = .get
    var configuration = RetryStrategy(retries: 1, delay: .constant(0.25))
    var timeout: TimeInterval?
    /// What each send gets, in order; the last one repeats.
    var replies: [Reply] = [.status(200)]
    /// The answers of the predicate or retriers, in order; then no.
    var answers: [Bool] = []
    /// The attempts after which a response processor asks for a replay (a 401 refresh).
    var replayAfter: Set<Int> = []
    /// Cancel the caller before this action (counted from 1), if set.
    var cancelBeforeAction: Int?
    /// Whether the adapters or the processors throw.
    var adapterThrows = false
    var processorThrows = false
    /// The time responses arrive at, for `Retry-After` dates.
    var now = Date(timeIntervalSince1970: 1_700_000_000)
    /// The jitter sample the policy draws.
    var jitterSample = 0.5

    struct Failure: Error {}

    /// The actions, in order, and the retry contexts the predicate or retriers were asked with.
    func run() -> (steps: [Step], asked: [RetryContext], attempts: Int) {
        var machine = Execution.StateMachine(method: method, timeout: timeout, requiresAuthentication: true)
        let sample = jitterSample
        let policy = RetryPolicy(configuration: configuration, jitterSample: { sample })
        var steps: [Step] = []
        var asked: [RetryContext] = []
        var answers = self.answers[...]
        var sent = 0
        var action = machine.start()
        while steps.count < 100 {
            if steps.count + 1 == cancelBeforeAction { action = machine.cancelled() }
            switch action {
            case .adapt(let context):
                steps.append(.adapt(context.attempt, replay: context.isReplay))
                let request = URLRequest(url: URL(fileURLWithPath: "/attempt/\(context.attempt)"))
                action = adapterThrows ? machine.adaptFailed(Failure(), partial: request) : machine.adapted(request)
            case .send(let request, let deadline):
                steps.append(.send(deadline: deadline))
                let reply = replies[min(sent, replies.count - 1)]
                sent += 1
                switch reply {
                case .status(let code, let retryAfter):
                    action = machine.received(Self.response(code, retryAfter: retryAfter, for: request))
                case .failure(let kind):
                    let failure: Execution.Failure = kind == .cancelled ? .cancelled
                        : .transport(TransportError(kind: kind, url: request.url, detail: "scripted"))
                    action = machine.sendFailed(failure, policy: policy)
                case .timeout:
                    action = machine.sendFailed(.timedOut(after: deadline ?? 0), policy: policy)
                }
            case .process(let response, _, let context, let mayReplay):
                steps.append(.process(mayReplay: mayReplay))
                if processorThrows {
                    action = machine.processingFailed(Failure())
                } else {
                    action = machine.processed(response, replay: replayAfter.contains(context.attempt), policy: policy, now: now)
                }
            case .askRetry(let question, let context):
                steps.append(.ask(question))
                asked.append(context)
                action = machine.retryAnswered(answers.popFirst() ?? false)
            case .wait(let seconds):
                steps.append(.wait((seconds * 1000).rounded() / 1000))
                action = machine.waited()
            case .decode(_, let body):
                steps.append(.decode(body))
                return (steps, asked, machine.attempts)
            case .finish(let failure):
                steps.append(.finish(Self.ending(failure)))
                return (steps, asked, machine.attempts)
            }
        }
        Issue.record("the state machine did not finish: \(steps)")
        return (steps, asked, machine.attempts)
    }

    private static func ending(_ failure: Execution.Failure) -> Step.Ending {
        switch failure {
        case .transport: return .transport
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .processing: return .processing
        }
    }

    private static func response(_ code: Int, retryAfter: String?, for request: URLRequest) -> TransportResponse {
        let url = request.url ?? URL(fileURLWithPath: "/")
        let headers = retryAfter.map { ["Retry-After": $0] } ?? [:]
        let response = HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: headers)!
        return TransportResponse(response: response, data: Data("status \(code)".utf8))
    }
}
