import Foundation
import Synchronization

/// Gathers changes and hands them on as one batch once none has come for `quiet` (about 100 ms):
/// editors save through a temporary file and a rename, and `git checkout` touches many files at
/// once, so a reload per batch instead of per event. A batch waits at most `maxLatency` (about
/// 500 ms) after its first change, so a writer that never pauses does not starve the consumer.
final class ChangeBatcher: Sendable {
    private struct Pending {
        var changes: [StoreChange] = []
        /// Counts additions: a quiet spell is over when no addition came after it began.
        var generation = 0
        /// Counts deliveries: the latency bound is for the batch it was set for.
        var batch = 0
        var stopped = false
    }

    private let pending = Mutex(Pending())
    private let quiet: Duration
    private let maxLatency: Duration
    private let queue = DispatchQueue(label: "courier.store.changes")
    private let deliver: @Sendable ([StoreChange]) -> Void

    init(quiet: Duration = .milliseconds(100), maxLatency: Duration = .milliseconds(500), deliver: @escaping @Sendable ([StoreChange]) -> Void) {
        self.quiet = quiet
        self.maxLatency = maxLatency
        self.deliver = deliver
    }

    /// Adds changes; the batch goes out after a quiet spell, or when it has waited `maxLatency`.
    func add(_ changes: [StoreChange]) {
        guard !changes.isEmpty else { return }
        let scheduled = pending.withLock { state -> (generation: Int, batch: Int, first: Bool)? in
            guard !state.stopped else { return nil }
            let first = state.changes.isEmpty
            state.changes += changes
            state.generation += 1
            return (state.generation, state.batch, first)
        }
        guard let scheduled else { return }
        queue.asyncAfter(deadline: .now() + Self.interval(quiet)) { [self] in flush { $0.generation == scheduled.generation } }
        if scheduled.first {
            queue.asyncAfter(deadline: .now() + Self.interval(maxLatency)) { [self] in flush { $0.batch == scheduled.batch } }
        }
    }

    /// Delivers the pending changes when `due` says their time has come.
    private func flush(when due: (Pending) -> Bool) {
        let batch = pending.withLock { state -> [StoreChange] in
            guard !state.stopped, !state.changes.isEmpty, due(state) else { return [] }
            defer {
                state.changes = []
                state.batch += 1
            }
            return Self.merged(state.changes)
        }
        if !batch.isEmpty { deliver(batch) }
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        .milliseconds(Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000))
    }

    /// Stops delivering; later changes are dropped.
    func stop() { pending.withLock { $0.stopped = true } }

    /// One change per path, the last word winning, except that a path added in the batch stays
    /// added (changing a new file is still a new file) and one added then removed vanishes.
    static func merged(_ changes: [StoreChange]) -> [StoreChange] {
        var order: [String] = []
        var merged: [String: StoreChange] = [:]
        for change in changes {
            guard let previous = merged[change.path] else {
                order.append(change.path)
                merged[change.path] = change
                continue
            }
            switch (previous.kind, change.kind) {
            case (.added, .changed): continue
            case (.added, .removed): merged[change.path] = nil
            case (.removed, .added): merged[change.path] = StoreChange(.changed, change.path, isFolder: change.isFolder)
            default: merged[change.path] = change
            }
        }
        return order.compactMap { merged[$0] }
    }
}
