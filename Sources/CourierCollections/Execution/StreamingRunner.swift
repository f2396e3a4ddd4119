import Courier
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a response goes as it arrives, when its body is not kept whole: `courier run` into a
/// pipe or a file, so memory stays flat whatever the size of the body.
public protocol ResponseSink: Sendable {
    /// The status and the headers (sorted by name), before any byte of the body; `redactor`
    /// masks the secrets the request was sent with, for showing the headers.
    /// - Throws: To stop before the body; the transfer is cancelled.
    func head(status: Int, headers: [(String, String)], redactor: SecretRedactor) throws
    /// The next bytes of the body, in order.
    /// - Throws: When they cannot be written (a full disk); the transfer is cancelled.
    func body(_ chunk: Data) throws
    /// Whether `request`'s response should come here as it arrives; when not, it is received
    /// whole as without a sink (retries, spooling). Every request by default.
    func wants(_ request: ResolvedRequest) -> Bool
}

extension ResponseSink {
    public func wants(_ request: ResolvedRequest) -> Bool { true }
}

extension RequestRunner {
    /// Sends `request` and hands its response to `sink` as it arrives. The request's timeout
    /// covers the whole body, so an endless one stops there. Retries happen only while no
    /// response has arrived (nothing was handed to `sink` yet), for idempotent methods.
    /// - Parameters:
    ///   - keepingBody: Also keep the body in the result, for `expect:` and `capture:` lines.
    ///   - redactor: Handed to `sink` with the head.
    /// - Returns: The result; its `failure` says why the body is incomplete when the transfer
    ///   failed after the head (its `statusCode` is then set too).
    public static func run(_ request: ResolvedRequest, streamingTo sink: any ResponseSink, keepingBody: Bool, redactor: SecretRedactor,
                           progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }) async -> RunResult {
        let destination = Destination(sink: sink, keepingBody: keepingBody, redactor: redactor)
        switch request {
        case .plain(let plain, let endpoint):
            return await stream(plain, on: endpoint, timeout: request.timeout, to: destination, progress: progress)
        case .multipart(let multipart, let endpoint):
            return await stream(multipart, on: endpoint, timeout: request.timeout, to: destination, progress: progress)
        }
    }

    /// Where a streamed body goes and how.
    private struct Destination: Sendable {
        let sink: any ResponseSink
        let keepingBody: Bool
        let redactor: SecretRedactor
    }

    private static func stream<R: Request>(_ request: R, on endpoint: Endpoint, timeout: TimeInterval?, to destination: Destination,
                                           progress: @escaping @Sendable (TransferProgress) -> Void) async -> RunResult {
        let started = ContinuousClock.now
        let (result, timedOut) = await within(timeout) {
            await attempts(of: request, on: endpoint, to: destination, progress: progress)
        }
        let duration = started.duration(to: .now)
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        guard timedOut, let timeout else { return result.with(duration: seconds) }
        // The head may have come before the deadline: the sink has it, and the status stays.
        return result.with(duration: seconds, failure: "The request timed out after \(TimeText.seconds(timeout)) "
            + "(its timeout covers the whole body).", kind: .timedOut)
    }

    /// Sends until a response head arrives or the retries are spent, then reads the body into `sink`.
    private static func attempts<R: Request>(of request: R, on endpoint: Endpoint, to destination: Destination,
                                             progress: @escaping @Sendable (TransferProgress) -> Void) async -> RunResult {
        let retries = request.method.isIdempotent ? endpoint.retryingCount : 0
        var attempt = 1
        while true {
            let exchange = await request.streamingExchange(on: endpoint, progress: progress)
            switch exchange.result {
            case .success(let streamed):
                return await read(streamed, debug: exchange.debug, into: destination)
            case .failure(let error):
                if case .system = error, attempt <= retries, !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(endpoint.retryStrategy.delay.interval(afterAttempt: attempt)))
                    attempt += 1
                    continue
                }
                return RunResult(failure: error, debug: exchange.debug)
            }
        }
    }

    private static func read(_ streamed: StreamedResponse, debug: DebugInfo, into destination: Destination) async -> RunResult {
        let headers = sortedHeaders(of: streamed.response)
        var kept = Data()
        var failure: String?
        do {
            try destination.sink.head(status: streamed.response.statusCode, headers: headers, redactor: destination.redactor)
            for try await chunk in streamed.body {
                try destination.sink.body(chunk)
                if destination.keepingBody { kept.append(chunk) }
            }
        } catch {
            failure = "The transfer failed after the response head: \(error)"
        }
        // A cancelled body may simply end (an endless event stream stopped with Esc): not a complete one.
        let kind: RunResult.FailureKind? = Task.isCancelled ? .cancelled : failure == nil ? nil : .transport
        if kind == .cancelled { failure = "The request was cancelled after the response head." }
        return RunResult(statusCode: streamed.response.statusCode, httpVersion: "HTTP/1.1", headers: headers, body: kept,
                         duration: debug.requestDuration, failure: failure, failureKind: kind, debug: debug)
    }

    /// `operation`'s value, and whether `seconds` passed first: the operation is then cancelled
    /// and its value (what it made of the cancellation) awaited.
    private static func within(_ seconds: TimeInterval?, _ operation: @escaping @Sendable () async -> RunResult) async -> (RunResult, Bool) {
        guard let seconds else { return (await operation(), false) }
        let work = Task { await operation() }
        let timedOut = Mutex(false)
        let timer = Task {
            try? await Task.sleep(for: .seconds(seconds))
            guard !Task.isCancelled else { return }
            timedOut.withLock { $0 = true }
            work.cancel()
        }
        let result = await withTaskCancellationHandler { await work.value } onCancel: { work.cancel() }
        timer.cancel()
        return (result, timedOut.withLock { $0 })
    }
}

extension RunResult {
    /// The result of an exchange that ended without a response.
    fileprivate init<E: ServerError>(failure: ErrorResponse<E>, debug: DebugInfo) {
        let kind: FailureKind = switch failure {
        case .invalidRequest: .invalidRequest
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        default: .transport
        }
        self.init(statusCode: nil, httpVersion: "HTTP/1.1", headers: [], body: Data(), duration: debug.requestDuration,
                  failure: failure.description, failureKind: kind, debug: debug)
    }

    /// The same result over `duration`, failed as `kind` when `failure` is given.
    fileprivate func with(duration: TimeInterval, failure: String? = nil, kind: FailureKind? = nil) -> RunResult {
        RunResult(statusCode: statusCode, httpVersion: httpVersion, headers: headers, body: body, duration: duration,
                  failure: failure ?? self.failure, failureKind: kind ?? failureKind, debug: debug)
    }
}
