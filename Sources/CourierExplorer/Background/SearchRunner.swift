import CourierUI
import Dispatch
import Synchronization

/// Runs body searches on a background queue, slice by slice, posting each slice's matches to the
/// inbox; at most one runs, and starting another or `cancel()` stops the last between slices.
final class SearchRunner: Sendable {
    private let inbox: Inbox
    private let sliceSize: Int
    /// The running search's stop flag.
    private let current = Mutex<StopFlag?>(nil)

    init(inbox: Inbox, sliceSize: Int = BodySearch.sliceSize) {
        self.inbox = inbox
        self.sliceSize = max(1, sliceSize)
    }

    func start(_ job: BodySearch) {
        let flag = StopFlag()
        current.withLock { running in
            running?.stop()
            running = flag
        }
        let inbox = self.inbox
        let sliceSize = self.sliceSize
        // Not the concurrency pool: it has two threads here, and requests and previews need them.
        DispatchQueue.global(qos: .userInitiated).async {
            let total = job.total
            var start = 0
            var found = 0
            repeat {
                if flag.isStopped { return }
                let end = min(total, start + sliceSize)
                let lines = job.lines(in: start..<end, limit: BodySearch.limit - found)
                found += lines.count
                start = end
                let finished = start >= total || found >= BodySearch.limit
                inbox.post(.searchFound(generation: job.generation, lines: lines, scanned: start, finished: finished))
                if finished { return }
            } while true
        }
    }

    func cancel() {
        current.withLock { running in
            running?.stop()
            running = nil
        }
    }
}

/// Set once to stop a background loop at its next check.
final class StopFlag: Sendable {
    private let stopped = Atomic(false)

    func stop() { stopped.store(true, ordering: .releasing) }

    var isStopped: Bool { stopped.load(ordering: .acquiring) }
}
