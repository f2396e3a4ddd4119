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
        let exchange = Task {
            await capture { () async throws(TransportError) in try await transport.send(urlRequest, transferBody: body, progress: progress) }
        }
        let winner = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<TransportResponse, TransportError>?, Never>) in
                let once = Once()
                let timer = Task {
                    try? await Task.sleep(for: .seconds(deadline))
                    if !Task.isCancelled, once.claim() { continuation.resume(returning: nil) }
                }
                Task {
                    let result = await exchange.value
                    timer.cancel()
                    if once.claim() { continuation.resume(returning: result) }
                }
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
