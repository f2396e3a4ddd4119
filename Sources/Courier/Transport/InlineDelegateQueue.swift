import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session's delegate queue: it runs each delegate callback at once, on the thread that hands
/// it over (the session's own work queue), instead of queuing it for a thread of its own.
///
/// FoundationNetworking hands every event of a delegate task (the head, each chunk, the end) to
/// the delegate queue, and each hand-over wakes another thread: three or more hops per request,
/// 30–60 µs each on a loaded machine, which the async `data(for:)` API skips by completing
/// inline. `SessionDelegate`'s callbacks only take a lock, file bytes and resume a continuation,
/// so they can run on the work queue; what must not run there is anything that waits for that
/// queue, which is why tasks are cancelled through `URLSessionTask.cancelOffWorkQueue()`.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable { // no state of its own; OperationQueue is itself @unchecked Sendable

    override init() {
        super.init()
        name = "Courier.URLSessionTransport"
        maxConcurrentOperationCount = 1
    }

    /// FoundationNetworking delivers every delegate event through this method.
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}

extension URLSessionTask {
    /// Cancels the task from a global queue, never on the caller's thread. FoundationNetworking
    /// (Swift 6.3) cancels by waiting for the session's work queue, where the delegate's callbacks
    /// run (`InlineDelegateQueue`): a callback cancelling its task would wait for itself, and a
    /// `Task`'s cancellation handler, which runs holding that task's lock, would wait for a work
    /// queue busy resuming the same task and waiting for that lock.
    func cancelOffWorkQueue() {
        DispatchQueue.global().async { self.cancel() }
    }
}
