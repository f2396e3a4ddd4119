import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Per-execution overrides set on an `ExecutionOperation`.
struct ExecutionOptions: Sendable {
    var retryingCount: Int?
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
        let outcome = await buildAndSend(events: events)
        endpoint.observation.didFinish(outcome.debug)
        return outcome
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

    /// Sends until an attempt succeeds, fails for good, or the retries run out.
    private func attempt(_ prepared: PreparedRequest, _ urlRequest: URLRequest, events: PipelineEvents,
                         started: ContinuousClock.Instant) async -> PipelineOutcome<R> {
        var attempts = 0
        while true {
            attempts += 1
            endpoint.observation.willSend(urlRequest, attempt: attempts)
            let exchange = await Task.isCancelled ? .failure(.cancelled) : send(prepared, urlRequest, progress: events.progress)
            let retriesLeft = (options().retryingCount ?? endpoint.retryingCount) - (attempts - 1)
            switch exchange {
            case .failure(let failure):
                if retriesLeft > 0, await shouldRetry(failure, method: prepared.method, context: RetryContext(
                    request: urlRequest, response: nil, error: Self.transportError(failure), attempt: attempts)),
                   await RetryRules.pause(attempt: attempts, retryAfter: nil) {
                    continue
                }
                let final = Task.isCancelled ? Failure.cancelled : failure
                return PipelineOutcome(result: .failure(final), debug: debugInfo(
                    request: urlRequest, prepared: prepared, response: nil, error: final, started: started, attempts: attempts))
            case .success(let response):
                let status = response.response.statusCode
                if status >= 400, retriesLeft > 0,
                   await shouldRetry(status: status, method: prepared.method, context: RetryContext(
                       request: urlRequest, response: response.response, error: nil, attempt: attempts)),
                   await RetryRules.pause(attempt: attempts, retryAfter: response.response.value(forHTTPHeaderField: "Retry-After")) {
                    continue
                }
                let result = status >= 400 ? .failure(serverFailure(response)) : decode(response)
                let error: (any Error)? = if case .failure(let failure) = result { failure } else { nil }
                return PipelineOutcome(result: result, debug: debugInfo(
                    request: urlRequest, prepared: prepared, response: response, error: error, started: started, attempts: attempts))
            }
        }
    }

    /// Built-in rule: idempotent methods after transport failures. Registered retriers may allow more;
    /// cancellation and timeouts never retry.
    private func shouldRetry(_ failure: Failure, method: HTTPMethod, context: RetryContext) async -> Bool {
        guard RetryRules.isRetryable(failure), !Task.isCancelled else { return false }
        if method.isIdempotent { return true }
        return await endpoint.requestRetrying.shouldRetry(context)
    }

    /// Built-in rule: idempotent methods on 408, 429 and 5xx gateway errors. Registered retriers may allow more.
    private func shouldRetry(status: Int, method: HTTPMethod, context: RetryContext) async -> Bool {
        guard !Task.isCancelled else { return false }
        if method.isIdempotent && RetryRules.retryableStatuses.contains(status) { return true }
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
        let body = prepared.body
        guard let timeout = prepared.timeout else {
            return Self.classify(await Self.capture { () async throws(TransportError) in
                try await transport.send(urlRequest, body: body, progress: progress)
            })
        }
        let exchange = Task {
            await Self.capture { () async throws(TransportError) in try await transport.send(urlRequest, body: body, progress: progress) }
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
        return DebugInfo(
            sessionConfiguration: endpoint.sessionConfiguration,
            request: request,
            dataResponse: response?.data,
            urlResponse: response?.response,
            errorResponse: error,
            requestDuration: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            prepared: prepared,
            attempts: attempts
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

    /// Sleeps before the next attempt; returns false when the task was cancelled meanwhile.
    static func pause(attempt: Int, retryAfter: String?) async -> Bool {
        let backoff = min(2.0, 0.2 * pow(2, Double(attempt - 1)))
        let requested = retryAfter.flatMap(Double.init).map { min(max(0, $0), 10) }
        do {
            try await Task.sleep(for: .seconds(requested ?? backoff))
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
