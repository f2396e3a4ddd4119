import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Per-execution overrides set on an `ExecutionOperation`.
struct ExecutionOptions: Sendable {
    var retryingCount: Int?
    var retry: RetryStrategy?
    var decoder: JSONDecoder?
}

/// Hooks the pipeline calls while it runs.
struct PipelineEvents: Sendable {
    var started: @Sendable () -> Void = {}
    /// Nil when nobody observes progress; a transport may then skip reporting it.
    var progress: (@Sendable (TransferProgress) -> Void)?

    static let none = PipelineEvents()
}

/// The result of one execution together with what is needed to debug it.
struct PipelineOutcome<R: Request>: Sendable {
    let result: Result<Sent<R.ResponseObjectType>, ErrorResponse<R.ErrorType>>
    let debug: DebugInfo

    /// The decoded value alone.
    var value: Result<R.ResponseObjectType, ErrorResponse<R.ErrorType>> { result.map(\.value) }
}

/// Build → send (with deadline and retries) → validate the status → convert → decode.
struct RequestPipeline<R: Request>: Sendable {
    typealias Failure = ErrorResponse<R.ErrorType>

    let request: R
    let endpoint: Endpoint
    /// Read when each option is needed, so settings made right after `execute()` still apply.
    let options: @Sendable () -> ExecutionOptions

    init(request: R, endpoint: Endpoint, options: ExecutionOptions) {
        self.init(request: request, endpoint: endpoint, currentOptions: { options })
    }

    init(request: R, endpoint: Endpoint, currentOptions: @escaping @Sendable () -> ExecutionOptions) {
        self.request = request
        self.endpoint = endpoint
        self.options = currentOptions
    }

    func run(events: PipelineEvents) async -> PipelineOutcome<R> {
        var outcome = await buildAndSend(events: events)
        if case .failure(let failure) = outcome.result, !failure.isCancelled {
            outcome = await processError(failure, outcome: outcome)
        }
        endpoint.observation.didFinish(outcome.debug)
        return outcome
    }

    /// Runs the error processors over the final error; one that is not an `ErrorResponse` becomes `.processing`.
    private func processError(_ failure: Failure, outcome: PipelineOutcome<R>) async -> PipelineOutcome<R> {
        let processors = endpoint.modifiers.errorProcessors
        guard !processors.isEmpty else { return outcome }
        let context = RequestContext(attempt: outcome.debug.attempts, requiresAuthentication: request.requiresAuthentication, isReplay: false)
        var error: any Error = failure
        for processor in processors { error = await processor.process(error, for: outcome.debug.request, context: context) }
        let final = (error as? Failure) ?? .processing(error)
        return PipelineOutcome(result: .failure(final), debug: outcome.debug.replacingError(final))
    }

    /// Builds the request, then drives its state machine to the end.
    private func buildAndSend(events: PipelineEvents) async -> PipelineOutcome<R> {
        let started = ContinuousClock.now
        let prepared: PreparedRequest
        do {
            prepared = try endpoint.prepare(request)
        } catch {
            return PipelineOutcome(result: .failure(.invalidRequest(error)), debug: debugInfo(
                request: URLRequest(url: endpoint.baseUrl), prepared: nil, response: nil, error: Failure.invalidRequest(error),
                started: started, attempts: 0))
        }
        if prepared.method == .get || prepared.method == .head, !(prepared.body ?? Data()).isEmpty {
            // FoundationNetworking refuses these ("GET method must not have a body") with a misleading
            // "resource exceeds maximum size"; Apple's URLSession drops the body silently. Say it plainly.
            let failure = Failure.invalidRequest(.bodyNotAllowed(method: prepared.method))
            return PipelineOutcome(result: .failure(failure), debug: debugInfo(
                request: prepared.urlRequest, prepared: prepared, response: nil, error: failure, started: started, attempts: 0))
        }
        events.started()
        var machine = Execution.StateMachine(method: prepared.method, timeout: prepared.timeout,
                                             requiresAuthentication: request.requiresAuthentication)
        let result = await drive(&machine, prepared: prepared, progress: events.progress)
        let error: (any Error)? = if case .failure(let failure) = result { failure } else { nil }
        let debug = debugInfo(request: machine.request ?? prepared.urlRequest, prepared: prepared, response: machine.response,
                              error: error, started: started, attempts: machine.attempts)
        return PipelineOutcome(result: result.map { Sent(value: $0.value, response: $0.response.response, data: $0.response.data, debug: debug) },
                               debug: debug)
    }

    // MARK: - Performing the state machine's actions

    /// A decoded value and the response it came from.
    private struct Decoded {
        let value: R.ResponseObjectType
        let response: TransportResponse
    }

    /// Performs what the state machine asks until it finishes. Cancellation is checked before
    /// every action, so a cancelled caller never sends, waits or retries again.
    private func drive(_ machine: inout Execution.StateMachine, prepared: PreparedRequest,
                       progress: (@Sendable (TransferProgress) -> Void)?) async -> Result<Decoded, Failure> {
        var action = machine.start()
        while true {
            if Task.isCancelled { action = machine.cancelled() }
            switch action {
            case .adapt(let context):
                var urlRequest = prepared.urlRequest
                do {
                    try await adapt(&urlRequest, context: context)
                    action = machine.adapted(urlRequest)
                } catch {
                    action = machine.adaptFailed(error, partial: urlRequest)
                }
            case .send(let urlRequest, let deadline):
                endpoint.observation.willSend(urlRequest, attempt: machine.attempts)
                let sent = await RedirectCookies.$jar.withValue(endpoint.cookies) {
                    await Deadline.send(urlRequest, body: prepared.transferBody, on: endpoint.transport, within: deadline, progress: progress)
                }
                switch sent {
                case .success(let response): action = machine.received(response)
                case .failure(let failure): action = machine.sendFailed(failure, policy: retryPolicy)
                }
            case .process(let response, let urlRequest, let context, let mayReplay):
                endpoint.cookies.store(from: response.response)
                do {
                    let (processed, replay) = try await process(response, for: urlRequest, context: context, mayReplay: mayReplay)
                    action = machine.processed(processed, replay: replay, policy: retryPolicy, now: Date())
                } catch {
                    action = machine.processingFailed(error)
                }
            case .askRetry(let question, let context):
                action = machine.retryAnswered(await ask(question, context))
            case .wait(let seconds):
                // A cancelled sleep ends early; the check at the top of the loop then finishes.
                try? await Task.sleep(for: .seconds(seconds))
                action = machine.waited()
            case .decode(let response, .value):
                return decode(response).map { Decoded(value: $0, response: response) }
            case .decode(let response, .serverError):
                return .failure(serverFailure(response))
            case .finish(let failure):
                return .failure(Self.errorResponse(failure))
            }
        }
    }

    /// The endpoint's cookies, then its adapters in order, applied in place; a throwing adapter
    /// leaves what was adapted so far, for the debug record.
    func adapt(_ urlRequest: inout URLRequest, context: RequestContext) async throws {
        urlRequest = endpoint.cookies.attach(to: urlRequest)
        for adapter in endpoint.modifiers.adapters { urlRequest = try await adapter.adapt(urlRequest, context: context) }
    }

    /// Runs the response processors in order; the first to ask for a replay (when one is still
    /// allowed) stops the others. A replay asked for when none is allowed proceeds unchanged.
    func process(_ response: TransportResponse, for urlRequest: URLRequest, context: RequestContext,
                         mayReplay: Bool) async throws -> (TransportResponse, replay: Bool) {
        var response = response
        for processor in endpoint.modifiers.processors {
            switch try await processor.process(response, for: urlRequest, context: context) {
            case .proceed(let processed): response = processed
            case .replay where mayReplay: return (response, true)
            case .replay: continue
            }
        }
        return (response, false)
    }

    /// Asks the configuration's predicate or the endpoint's retriers.
    private func ask(_ question: RetryPolicy.Question, _ context: RetryContext) async -> Bool {
        switch question {
        case .predicate: return await retryPolicy.configuration.shouldRetry?(context) ?? false
        case .retriers: return await endpoint.requestRetrying.shouldRetry(context)
        }
    }

    /// The policy over the operation's configuration, else the endpoint's; `retryOnFail(_:)` sets
    /// the count. Read at each decision, so settings made right after `execute()` still apply.
    private var retryPolicy: RetryPolicy {
        let options = self.options()
        var configuration = options.retry ?? endpoint.retryStrategy
        if let count = options.retryingCount { configuration.retries = count }
        return RetryPolicy(configuration: configuration)
    }

    private static func errorResponse(_ failure: Execution.Failure) -> Failure {
        switch failure {
        case .transport(let error): return .system(error)
        case .timedOut(let seconds): return .timedOut(after: seconds)
        case .cancelled: return .cancelled
        case .processing(let error): return .processing(error)
        }
    }
}
