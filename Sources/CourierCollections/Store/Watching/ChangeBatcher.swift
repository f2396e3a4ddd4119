import Foundation
import Synchronization

/// Gathers changes and hands them on as one batch once none has come for `quiet` (about 100 ms):
/// editors save through a temporary file and a rename, and `git checkout` touches many files at
/// once, so a reload per batch instead of per event.
final class ChangeBatcher: Sendable {
    private struct Pending {
        var changes: [StoreChange] = []
        var generation = 0
        var stopped = false
    }

    private let pending = Mutex(Pending())
    private let quiet: Duration
    private let queue = DispatchQueue(label: "courier.store.changes")
    private let deliver: @Sendable ([StoreChange]) -> Void

    init(quiet: Duration = .milliseconds(100), deliver: @escaping @Sendable ([StoreChange]) -> Void) {
        self.quiet = quiet
        self.deliver = deliver
    }

    /// Adds changes; the batch goes out after a quiet spell.
    func add(_ changes: [StoreChange]) {
        guard !changes.isEmpty else { return }
        let generation = pending.withLock { state -> Int? in
            guard !state.stopped else { return nil }
            state.changes += changes
            state.generation += 1
            return state.generation
        }
        guard let generation else { return }
        let milliseconds = Int(quiet.components.seconds * 1000 + quiet.components.attoseconds / 1_000_000_000_000_000)
        queue.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [self] in
            let batch = pending.withLock { state -> [StoreChange] in
                guard state.generation == generation, !state.stopped else { return [] }
                defer { state.changes = [] }
                return Self.merged(state.changes)
            }
            if !batch.isEmpty { deliver(batch) }
        }
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
