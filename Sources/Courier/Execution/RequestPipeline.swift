import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Per-execution overrides set on an `ExecutionOperation`.
struct ExecutionOptions: Sendable {
    var retryingCount: Int?
    var retry: RetryConfiguration?
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
    let result: Result<R.ResponseObjectType, ErrorResponse<R.ErrorType>>
    let debug: DebugInfo
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

    /// Builds the request and runs cookies and adapters over it, for the single-shot paths below.
    private func preparedForSingleShot() async -> Result<(PreparedRequest, URLRequest), Failure> {
        let prepared: PreparedRequest
        do {
            prepared = try endpoint.prepare(request)
        } catch {
            return .failure(.invalidRequest(error.description))
        }
        var urlRequest = prepared.urlRequest
        do {
            try await adapt(&urlRequest, context: RequestContext(attempt: 1, requiresAuthentication: request.requiresAuthentication, isReplay: false))
        } catch {
            return .failure(.processing(error))
        }
        endpoint.observation.willSend(urlRequest, attempt: 1)
        return .success((prepared, urlRequest))
    }

    /// Sends once (no retries, no decoding) and returns when the response head arrives, the body
    /// streaming behind it. Cookies and adapters apply as for every request. An error status fails
    /// with the server's error, read from the first megabyte of its body.
    func stream(progress: (@Sendable (TransferProgress) -> Void)?) async -> Result<StreamedResponse, Failure> {
        let prepared: PreparedRequest
        let urlRequest: URLRequest
        switch await preparedForSingleShot() {
        case .success(let ready): (prepared, urlRequest) = ready
        case .failure(let failure): return .failure(failure)
        }
        let streamed: StreamedResponse
        do {
            streamed = try await endpoint.transport.stream(urlRequest, transferBody: prepared.transferBody, progress: progress)
        } catch {
            return .failure(error.kind == .cancelled ? .cancelled : .system(error))
        }
        endpoint.cookies.store(from: streamed.response)
        guard streamed.response.statusCode >= 400 else { return .success(streamed) }
        var data = Data()
        do {
            for try await chunk in streamed.body where data.count < 1 << 20 { data.append(chunk) }
        } catch {
            // The status is what matters; a body cut short still names the error as far as it goes.
        }
        return .failure(serverFailure(TransportResponse(response: streamed.response, data: data)))
    }

    /// Sends once and has the transport write the body into the file at `destination`.
    func download(to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?) async -> Result<HTTPURLResponse, Failure> {
        let urlRequest: URLRequest
        switch await preparedForSingleShot() {
        case .success(let ready): urlRequest = ready.1
        case .failure(let failure): return .failure(failure)
        }
        do {
            let response = try await endpoint.transport.download(urlRequest, to: destination, progress: progress)
            endpoint.cookies.store(from: response)
            return .success(response)
        } catch {
            return .failure(error.kind == .cancelled ? .cancelled : .system(error))
        }
    }

    /// The server's error for a response whose body was received elsewhere (into a file).
    func failure(for response: HTTPURLResponse, body: Data) -> Failure {
        serverFailure(TransportResponse(response: response, data: body))
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

    private func buildAndSend(events: PipelineEvents) async -> PipelineOutcome<R> {
        let started = ContinuousClock.now
        let prepared: PreparedRequest
        do {
            prepared = try endpoint.prepare(request)
        } catch {
            let failure = Failure.invalidRequest(error.description)
            return PipelineOutcome(result: .failure(failure), debug: debugInfo(
                request: URLRequest(url: endpoint.baseUrl), prepared: nil, response: nil, error: failure, started: started, attempts: 0))
        }
        if prepared.method == .get || prepared.method == .head, !(prepared.body ?? Data()).isEmpty {
            // FoundationNetworking refuses these ("GET method must not have a body") with a misleading
            // "resource exceeds maximum size"; Apple's URLSession drops the body silently. Say it plainly.
            let failure = Failure.invalidRequest("a \(prepared.method) request cannot carry a body with URLSession; "
                + "send the data as queryParams or use POST")
            return PipelineOutcome(result: .failure(failure), debug: debugInfo(
                request: prepared.urlRequest, prepared: prepared, response: nil, error: failure, started: started, attempts: 0))
        }
        events.started()
        return await attempt(prepared, prepared.urlRequest, events: events, started: started)
    }

    /// Sends until an attempt succeeds, fails for good, or the retries run out. Each attempt is
    /// adapted afresh (a refreshed token, a new signature), and a response processor may ask for
    /// one replay.
    private func attempt(_ prepared: PreparedRequest, _ base: URLRequest, events: PipelineEvents,
                         started: ContinuousClock.Instant) async -> PipelineOutcome<R> {
        var attempts = 0
        var replayed = false
        var replaying = false
        let modifiers = endpoint.modifiers
        while true {
            attempts += 1
            let context = RequestContext(attempt: attempts, requiresAuthentication: request.requiresAuthentication, isReplay: replaying)
            replaying = false
            var urlRequest = base
            do {
                try await adapt(&urlRequest, context: context)
            } catch {
                let final = Task.isCancelled ? Failure.cancelled : Failure.processing(error)
                return PipelineOutcome(result: .failure(final), debug: debugInfo(
                    request: urlRequest, prepared: prepared, response: nil, error: final, started: started, attempts: attempts))
            }
            endpoint.observation.willSend(urlRequest, attempt: attempts)
            let exchange = await Task.isCancelled ? .failure(.cancelled) : send(prepared, urlRequest, progress: events.progress)
            let retry = retryConfiguration
            let retriesLeft = retry.retries - (attempts - 1)
            switch exchange {
            case .failure(let failure):
                if retriesLeft > 0, await shouldRetry(failure, method: prepared.method, retry: retry, context: RetryContext(
                    request: urlRequest, response: nil, error: Self.transportError(failure), attempt: attempts)),
                   await RetryRules.pause(retry.wait(afterAttempt: attempts, retryAfter: nil)) {
                    continue
                }
                let final = Task.isCancelled ? Failure.cancelled : failure
                return PipelineOutcome(result: .failure(final), debug: debugInfo(
                    request: urlRequest, prepared: prepared, response: nil, error: final, started: started, attempts: attempts))
            case .success(var response):
                endpoint.cookies.store(from: response.response)
                do {
                    var replay = false
                    for processor in modifiers.processors where !replay {
                        switch try await processor.process(response, for: urlRequest, context: context) {
                        case .proceed(let processed): response = processed
                        case .replay: replay = !replayed
                        }
                    }
                    if replay {
                        // Once per execution: a second request for a replay proceeds, so a refresh cannot loop.
                        replayed = true
                        replaying = true
                        continue
                    }
                } catch {
                    let final = Task.isCancelled ? Failure.cancelled : Failure.processing(error)
                    return PipelineOutcome(result: .failure(final), debug: debugInfo(
                        request: urlRequest, prepared: prepared, response: response, error: final, started: started, attempts: attempts))
                }
                let status = response.response.statusCode
                if status >= 400, retriesLeft > 0,
                   await shouldRetry(status: status, method: prepared.method, retry: retry, context: RetryContext(
                       request: urlRequest, response: response.response, error: nil, attempt: attempts, body: response.data)),
                   await RetryRules.pause(retry.wait(afterAttempt: attempts, retryAfter: response.response.value(forHTTPHeaderField: "Retry-After"))) {
                    continue
                }
                let result = status >= 400 ? .failure(serverFailure(response)) : decode(response)
                let error: (any Error)? = if case .failure(let failure) = result { failure } else { nil }
                return PipelineOutcome(result: result, debug: debugInfo(
                    request: urlRequest, prepared: prepared, response: response, error: error, started: started, attempts: attempts))
            }
        }
    }

    /// The endpoint's cookies, then its adapters in order, applied in place; a throwing adapter
    /// leaves what was adapted so far, for the debug record.
    private func adapt(_ urlRequest: inout URLRequest, context: RequestContext) async throws {
        urlRequest = endpoint.cookies.attach(to: urlRequest)
        for adapter in endpoint.modifiers.adapters { urlRequest = try await adapter.adapt(urlRequest, context: context) }
    }

    /// The operation's configuration, else the endpoint's; `retryOnFail(_:)` sets the count.
    private var retryConfiguration: RetryConfiguration {
        let options = self.options()
        var configuration = options.retry ?? endpoint.retryConfiguration
        if let count = options.retryingCount { configuration.retries = count }
        return configuration
    }

    /// After a transport failure: the configuration's predicate when it has one, otherwise
    /// idempotent methods (or any, when the configuration allows) and then the retriers.
    /// Cancellation and timeouts never retry.
    private func shouldRetry(_ failure: Failure, method: HTTPMethod, retry: RetryConfiguration, context: RetryContext) async -> Bool {
        guard RetryRules.isRetryable(failure), !Task.isCancelled else { return false }
        let methodAllowed = method.isIdempotent || retry.retriesNonIdempotent
        if let predicate = retry.shouldRetry { return methodAllowed ? await predicate(context) : false }
        if methodAllowed { return true }
        return await endpoint.requestRetrying.shouldRetry(context)
    }

    /// After an error status: the predicate, or 408, 429 and 5xx gateway errors for allowed
    /// methods, then the retriers.
    private func shouldRetry(status: Int, method: HTTPMethod, retry: RetryConfiguration, context: RetryContext) async -> Bool {
        guard !Task.isCancelled else { return false }
        let methodAllowed = method.isIdempotent || retry.retriesNonIdempotent
        if let predicate = retry.shouldRetry { return methodAllowed ? await predicate(context) : false }
        if methodAllowed && RetryRules.retryableStatuses.contains(status) { return true }
        return await endpoint.requestRetrying.shouldRetry(context)
    }

    private static func transportError(_ failure: Failure) -> TransportError? {
        if case .system(let error) = failure { return error }
        return nil
    }

    // MARK: - Sending

    /// Sends once; with a timeout, races the transport against the deadline because Linux
    /// truncates fractional timeouts and never enforces resource timeouts.
    private func send(_ prepared: PreparedRequest, _ urlRequest: URLRequest,
                      progress: (@Sendable (TransferProgress) -> Void)?) async -> Result<TransportResponse, Failure> {
        let transport = endpoint.transport
        let body = prepared.transferBody
        guard let timeout = prepared.timeout else {
            return Self.classify(await Self.capture { () async throws(TransportError) in
                try await transport.send(urlRequest, transferBody: body, progress: progress)
            })
        }
        let exchange = Task {
            await Self.capture { () async throws(TransportError) in try await transport.send(urlRequest, transferBody: body, progress: progress) }
        }
        // Whichever comes first wins; the loser is cancelled, not awaited, so a timeout is
        // reported at the deadline even when winding the transfer down takes a while.
        let winner = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<TransportResponse, TransportError>?, Never>) in
                let once = Once()
                let deadline = Task {
                    try? await Task.sleep(for: .seconds(timeout))
                    if !Task.isCancelled, once.claim() { continuation.resume(returning: nil) }
                }
                Task {
                    let result = await exchange.value
                    deadline.cancel()
                    if once.claim() { continuation.resume(returning: result) }
                }
            }
        } onCancel: {
            exchange.cancel()
        }
        guard let winner else {
            exchange.cancel()
            return .failure(.timedOut(after: timeout))
        }
        return Self.classify(winner)
    }

    private static func capture(_ body: () async throws(TransportError) -> TransportResponse) async -> Result<TransportResponse, TransportError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    private static func classify(_ result: Result<TransportResponse, TransportError>) -> Result<TransportResponse, Failure> {
        result.mapError { error in
            switch error.kind {
            case .cancelled: return .cancelled
            default: return .system(error)
            }
        }
    }

    // MARK: - Responses

    private var decoder: JSONDecoder { options().decoder ?? request.decoder ?? endpoint.decoder ?? SharedDecoder.plain }

    private func decode(_ response: TransportResponse) -> Result<R.ResponseObjectType, Failure> {
        let status = response.response.statusCode
        let typeName = String(describing: R.ResponseObjectType.self)
        do {
            let body = try request.responseConverter.map { try $0.convertedData(from: response.data) } ?? response.data
            return .success(try R.ResponseObjectType.mapped(from: body, decoder: decoder))
        } catch {
            return .failure(.decoding(DecodingFailure(error, typeName: typeName, statusCode: status, body: response.data)))
        }
    }

    private func serverFailure(_ response: TransportResponse) -> Failure {
        let status = response.response.statusCode
        do {
            let body = try request.errorConverter.map { try $0.convertedData(from: response.data) } ?? response.data
            return .server(try R.ErrorType.mapped(from: body, decoder: decoder), statusCode: status)
        } catch {
            let failure = DecodingFailure(error, typeName: String(describing: R.ErrorType.self), statusCode: status, body: response.data)
            let reason = failure.path.map { "\($0): \(failure.reason)" } ?? failure.reason
            return .unexpectedStatus(statusCode: status, body: response.data, reason: reason)
        }
    }

    private func debugInfo(request: URLRequest, prepared: PreparedRequest?, response: TransportResponse?, error: (any Error)?,
                           started: ContinuousClock.Instant, attempts: Int) -> DebugInfo {
        let elapsed = ContinuousClock.now - started
        // The record outlives the execution; a spooled upload's temporary file must not.
        var prepared = prepared
        prepared?.spooled = nil
        return DebugInfo(
            sessionConfiguration: endpoint.sessionConfiguration,
            request: request,
            dataResponse: response?.data,
            urlResponse: response?.response,
            errorResponse: error,
            requestDuration: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            prepared: prepared,
            attempts: attempts,
            behaviour: endpoint.transport.behaviour
        )
    }
}

/// When and how long to wait before trying again.
enum RetryRules {
    static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    static func isRetryable<E>(_ failure: ErrorResponse<E>) -> Bool {
        if case .system(let error) = failure { return error.kind != .cancelled }
        return false
    }

    /// Sleeps `seconds` (exactly, fractions included) before the next attempt; false when there
    /// is to be no next attempt (no wait allowed) or the task was cancelled meanwhile.
    static func pause(_ seconds: TimeInterval?) async -> Bool {
        guard let seconds else { return false }
        do {
            try await Task.sleep(for: .seconds(seconds))
            return !Task.isCancelled
        } catch {
            return false
        }
    }
}

/// Decoding does not mutate a `JSONDecoder`, so one plain decoder serves every request.
enum SharedDecoder {
    static let plain = JSONDecoder()
}

/// A flag that lets exactly one of several racers through.
final class Once: Sendable {
    private let claimed = Mutex(false)

    /// True for the first caller only.
    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}
