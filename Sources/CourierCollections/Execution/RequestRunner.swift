import Courier
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What running a collection request produced.
public struct RunResult: Sendable {
    /// The final status, when the server answered.
    public let statusCode: Int?
    public let httpVersion: String
    /// Response headers sorted by name (URLSession does not keep their order).
    public let headers: [(String, String)]
    public let body: Data
    public let duration: TimeInterval
    /// A sentence for failures where no response arrived (refused, timeout, invalid request).
    public let failure: String?
    /// Why it failed, for exit codes.
    public let failureKind: FailureKind?
    /// The library's record of the exchange: the request as built, attempts, timings, the error.
    public let debug: DebugInfo

    public enum FailureKind: Sendable {
        case invalidRequest, transport, timedOut, cancelled
    }
}

/// Runs resolved requests through the Courier library.
public enum RequestRunner {
    /// Sends `request`, reporting progress, and returns what came back.
    public static func run(_ request: ResolvedRequest, progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }) async -> RunResult {
        switch request {
        case .plain(let request, let endpoint): return await run(request, on: endpoint, progress: progress)
        case .multipart(let request, let endpoint): return await run(request, on: endpoint, progress: progress)
        }
    }

    private static func run<R: Request>(_ request: R, on endpoint: Endpoint,
                                        progress: @escaping @Sendable (TransferProgress) -> Void) async -> RunResult {
        // Cancelling the calling task cancels the request; it then finishes as `.cancelled`.
        let cancellation = Cancellation()
        let info = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<DebugInfo, Never>) in
                let operation = request.execute(on: endpoint)
                    .onTransferProgress(progress)
                    .onDebug { continuation.resume(returning: $0) }
                cancellation.attach { operation.cancel() }
            }
        } onCancel: {
            cancellation.cancel()
        }
        let response = info.urlResponse
        var failure: String?
        var kind: RunResult.FailureKind?
        if response == nil, let error = info.errorResponse as? ErrorResponse<R.ErrorType> {
            failure = error.description
            switch error {
            case .invalidRequest: kind = .invalidRequest
            case .timedOut: kind = .timedOut
            case .cancelled: kind = .cancelled
            default: kind = .transport
            }
        }
        let headers = (response?.allHeaderFields ?? [:]).compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, "\(value)")
        }.sorted { $0.0.lowercased() < $1.0.lowercased() }
        return RunResult(statusCode: response?.statusCode, httpVersion: "HTTP/1.1", headers: headers, body: info.dataResponse ?? Data(),
                         duration: info.requestDuration, failure: failure, failureKind: kind, debug: info)
    }
}

/// Connects a task's cancellation to an operation that may not exist yet when the task is cancelled.
private final class Cancellation: Sendable {
    private let state = Mutex<(cancel: (@Sendable () -> Void)?, cancelled: Bool)>((nil, false))

    func attach(_ cancel: @escaping @Sendable () -> Void) {
        let alreadyCancelled = state.withLock { state in
            state.cancel = cancel
            return state.cancelled
        }
        if alreadyCancelled { cancel() }
    }

    func cancel() {
        let cancel = state.withLock { state in
            state.cancelled = true
            return state.cancel
        }
        cancel?()
    }
}
