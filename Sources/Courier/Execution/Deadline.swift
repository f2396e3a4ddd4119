import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one attempt within its deadline: Linux truncates fractional timeouts and never enforces
/// resource timeouts (L4), so the library races the transport against a sleep of its own.
enum Deadline {
    /// Sends once; with a deadline, whichever comes first wins and the loser is cancelled, not
    /// awaited, so a timeout is reported at the deadline even when winding the transfer down takes
    /// a while.
    static func send(_ urlRequest: URLRequest, body: TransferBody?, on transport: any Transport, within deadline: TimeInterval?,
                     progress: (@Sendable (TransferProgress) -> Void)?) async -> Result<TransportResponse, Execution.Failure> {
        guard let deadline else {
            return classify(await capture { () async throws(TransportError) in
                try await transport.send(urlRequest, transferBody: body, progress: progress)
            })
        }
        // The exchange claims the race in the job that receives its answer, not in a task that
        // awaits it: on a busy cooperative pool the extra hop could queue behind the timer's
        // wake-up and report an answer that came in time as a timeout.
        let exchange = ExchangeSlot()
        let winner = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<TransportResponse, TransportError>?, Never>) in
                let once = Once()
                let timer = Task {
                    try? await Task.sleep(for: .seconds(deadline))
                    if !Task.isCancelled, once.claim() { continuation.resume(returning: nil) }
                }
                exchange.start(Task {
                    let result = await capture { () async throws(TransportError) in
                        try await transport.send(urlRequest, transferBody: body, progress: progress)
                    }
                    timer.cancel()
                    if once.claim() { continuation.resume(returning: result) }
                })
            }
        } onCancel: {
            exchange.cancel()
        }
        guard let winner else {
            exchange.cancel()
            return .failure(.timedOut(after: deadline))
        }
        return classify(winner)
    }

    private static func capture(_ body: () async throws(TransportError) -> TransportResponse) async -> Result<TransportResponse, TransportError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    /// A transport's cancellation is the caller's: it is never retried.
    private static func classify(_ result: Result<TransportResponse, TransportError>) -> Result<TransportResponse, Execution.Failure> {
        result.mapError { error in error.kind == .cancelled ? .cancelled : .transport(error) }
    }
}

/// The task of one exchange, cancellable before it is started (the caller's cancellation can come
/// first) and after.
private final class ExchangeSlot: Sendable {
    private let state = Mutex<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

    func start(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
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
