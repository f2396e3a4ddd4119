import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A running request. Register callbacks in any order, before or after it finishes: a callback
/// registered late still receives the start, result and debug info (progress is not replayed).
///
/// ```swift
/// request.execute(on: endpoint)
///     .response(on: queue)
///     .onProgress { fraction in … }
///     .onSuccess { user in … }
///     .onFail { error in print(error) }
/// ```
/// NerdzNetworking's name for the value `execute` returns.
public typealias ResponseInfoBuilder<T: Request> = ExecutionOperation<T>

public final class ExecutionOperation<T: Request>: Sendable {
    public typealias ResponseSuccessCallback = @Sendable (T.ResponseObjectType) -> Void
    public typealias FailCallback = @Sendable (ErrorResponse<T.ErrorType>) -> Void
    public typealias ProgressCallback = @Sendable (Double) -> Void
    public typealias TransferProgressCallback = @Sendable (TransferProgress) -> Void
    public typealias DebugCallback = @Sendable (DebugInfo) -> Void
    public typealias StartCallback = @Sendable () -> Void

    /// The request this operation runs.
    public let request: T
    private let endpoint: Endpoint?

    private struct State {
        var queue: DispatchQueue?
        var options = ExecutionOptions()
        var onStart: [StartCallback] = []
        var onProgress: [ProgressCallback] = []
        var onTransfer: [TransferProgressCallback] = []
        var onSuccess: [ResponseSuccessCallback] = []
        var onFail: [FailCallback] = []
        var onDebug: [DebugCallback] = []
        var started = false
        var reportedFraction = -1.0
        var outcome: PipelineOutcome<T>?
        var task: Task<Void, Never>?
    }

    private let state = Mutex(State())

    init(request: T, endpoint: Endpoint?) {
        self.request = request
        self.endpoint = endpoint
        let task = Task { await self.run() }
        state.withLock { $0.task = task }
    }

    // MARK: - Configuration

    /// Runs every callback on `queue`. Without it callbacks run on the endpoint's `responseQueue`,
    /// else on a private serial queue — never implicitly on the main queue.
    @discardableResult
    public func response(on queue: DispatchQueue) -> Self {
        state.withLock { $0.queue = queue }
        return self
    }

    /// The tutorial's spelling of `response(on:)`.
    @discardableResult
    public func responseOn(_ queue: DispatchQueue) -> Self { response(on: queue) }

    /// Decodes the response (and error) body with `decoder`.
    @discardableResult
    public func decode(with decoder: JSONDecoder) -> Self {
        state.withLock { $0.options.decoder = decoder }
        return self
    }

    /// Retries a failed idempotent request up to `retryingCount` times (transport failures, 408,
    /// 429, 5xx). Cancellation is never retried.
    @discardableResult
    public func retryOnFail(_ retryingCount: Int) -> Self {
        state.withLock { $0.options.retryingCount = max(0, retryingCount) }
        return self
    }

    /// Retries as `configuration` says, instead of the endpoint's configuration.
    @discardableResult
    public func retry(_ configuration: RetryStrategy) -> Self {
        state.withLock { state in
            state.options.retry = configuration
            state.options.retryingCount = nil
        }
        return self
    }

    /// The tutorial's spelling: `false` turns retries off, `true` keeps the endpoint's count.
    @discardableResult
    public func retryOnFail(_ enabled: Bool) -> Self {
        state.withLock { $0.options.retryingCount = enabled ? nil : 0 }
        return self
    }

    // MARK: - Callbacks

    /// Called once the request is about to be sent.
    @discardableResult
    public func onStart(_ closure: @escaping StartCallback) -> Self {
        let already = state.withLock { state -> Bool in
            state.onStart.append(closure)
            return state.started
        }
        if already { deliver(closure) }
        return self
    }

    /// Called with the fraction (0…1) of bytes moved in both directions; it never decreases.
    /// When a total is unknown (chunked or compressed bodies) only the final 1.0 arrives; use
    /// `onTransferProgress` for byte counts.
    @discardableResult
    public func onProgress(_ closure: @escaping ProgressCallback) -> Self {
        state.withLock { $0.onProgress.append(closure) }
        return self
    }

    /// Called with byte counts in both directions as they change.
    @discardableResult
    public func onTransferProgress(_ closure: @escaping TransferProgressCallback) -> Self {
        state.withLock { $0.onTransfer.append(closure) }
        return self
    }

    /// Called with the decoded response when the request succeeds.
    @discardableResult
    public func onSuccess(_ closure: @escaping ResponseSuccessCallback) -> Self {
        let outcome = state.withLock { state -> PipelineOutcome<T>? in
            state.onSuccess.append(closure)
            return state.outcome
        }
        if case .success(let value)? = outcome?.value { deliver { closure(value) } }
        return self
    }

    /// Called with the error when the request fails, including 4xx/5xx answers and cancellation.
    @discardableResult
    public func onFail(_ closure: @escaping FailCallback) -> Self {
        let outcome = state.withLock { state -> PipelineOutcome<T>? in
            state.onFail.append(closure)
            return state.outcome
        }
        if case .failure(let error)? = outcome?.result { deliver { closure(error) } }
        return self
    }

    /// Called with debugging details when the request ends, before `onSuccess` / `onFail`.
    @discardableResult
    public func onDebug(_ closure: @escaping DebugCallback) -> Self {
        let outcome = state.withLock { state -> PipelineOutcome<T>? in
            state.onDebug.append(closure)
            return state.outcome
        }
        if let debug = outcome?.debug { deliver { closure(debug) } }
        return self
    }

    /// Cancels the request; `onFail` receives `.cancelled`. Does nothing once it has finished.
    public func cancel() {
        state.withLock { $0.task }?.cancel()
    }

    /// Waits until the request has finished and every callback has been queued.
    public func waitUntilFinished() async {
        await state.withLock { $0.task }?.value
    }

    // MARK: - Running

    private func run() async {
        guard let endpoint else {
            finish(PipelineOutcome(result: .failure(.invalidRequest(.noEndpoint)),
                                   debug: DebugInfo.unbuilt))
            return
        }
        let pipeline = RequestPipeline(request: request, endpoint: endpoint) { [self] in self.state.withLock { $0.options } }
        let outcome = await pipeline.run(events: PipelineEvents(
            started: { [weak self] in self?.markStarted() },
            progress: { [weak self] progress in self?.report(progress) }
        ))
        finish(outcome)
    }

    private func markStarted() {
        let callbacks = state.withLock { state in
            state.started = true
            return state.onStart
        }
        for callback in callbacks { deliver(callback) }
    }

    private func report(_ progress: TransferProgress) {
        let (fraction, onProgress, onTransfer) = state.withLock { state -> (Double?, [ProgressCallback], [TransferProgressCallback]) in
            guard let fraction = progress.fractionCompleted, fraction > state.reportedFraction else {
                return (nil, [], state.onTransfer)
            }
            state.reportedFraction = fraction
            return (fraction, state.onProgress, state.onTransfer)
        }
        for callback in onTransfer { deliver { callback(progress) } }
        if let fraction { for callback in onProgress { deliver { callback(fraction) } } }
    }

    private func finish(_ outcome: PipelineOutcome<T>) {
        let snapshot = state.withLock { state in
            state.outcome = outcome
            let finalProgress = state.reportedFraction < 1 && (try? outcome.result.get()) != nil ? state.onProgress : []
            state.reportedFraction = 1
            return (state.onDebug, state.onSuccess, state.onFail, finalProgress)
        }
        let (debugCallbacks, successCallbacks, failCallbacks, progressCallbacks) = snapshot
        for callback in progressCallbacks { deliver { callback(1) } }
        for callback in debugCallbacks { deliver { callback(outcome.debug) } }
        switch outcome.value {
        case .success(let value): for callback in successCallbacks { deliver { callback(value) } }
        case .failure(let error): for callback in failCallbacks { deliver { callback(error) } }
        }
    }

    private func deliver(_ work: @escaping @Sendable () -> Void) {
        let queue = state.withLock { $0.queue } ?? endpoint?.responseQueue ?? endpoint?.callbackQueue ?? CallbackQueues.fallback
        queue.async(execute: work)
    }
}

extension DebugInfo {
    /// Debug info for a request that never got as far as a URL.
    static var unbuilt: DebugInfo {
        DebugInfo(sessionConfiguration: .default, request: URLRequest(url: URL(fileURLWithPath: "/")), dataResponse: nil,
                  urlResponse: nil, errorResponse: nil, requestDuration: 0, prepared: nil, attempts: 0,
                  behaviour: TransportBehaviour())
    }
}


/// The queue for operations that have no endpoint to take one from.
enum CallbackQueues {
    static let fallback = DispatchQueue(label: "Courier.ExecutionOperation")
}
