import Dispatch
import Synchronization

/// Runs the demo server's tasks on threads of its own instead of Swift's cooperative pool.
///
/// The pool has one thread per core and runs each job to its end. A test process starts hundreds
/// of tests at once on two cores; a test that computes for seconds holds a pool thread, and every
/// job queued behind it waits. A server on that pool answered a `/delay/2` after more than three
/// seconds and an explorer's request after thirty. On these threads a route's `Task.sleep`, the
/// inbound stream's next part and the write of the answer no longer queue behind the tests.
final class ServerExecutor: TaskExecutor {
    /// Serial queues target libdispatch's overcommitting root queue, which starts a thread when
    /// the others are busy, so the server's jobs never wait for a pool thread.
    private let queues: [DispatchQueue]
    private let next = Atomic<Int>(0)

    /// - Parameter threads: How many jobs may run at once (several connections stream at a time).
    init(label: String, threads: Int) {
        queues = (0..<max(1, threads)).map { DispatchQueue(label: "\(label).\($0)") }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        // A task has at most one job queued at a time, so spreading jobs over the queues never
        // runs one task on two threads at once.
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue % queues.count
        queues[index].async { job.runSynchronously(on: executor) }
    }
}
