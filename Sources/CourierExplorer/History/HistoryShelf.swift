import Courier
import CourierCollections
import CourierHistory
import CourierUI
import Foundation
import Synchronization

/// The explorer's way to History: one store per state folder, opened on first use, and every
/// read and write done in order on a queue of its own, never on the UI thread. What comes of it
/// goes to the inbox; a store that cannot be used is reported once, and the explorer goes on
/// without it (trying again next time, so a lock that goes away is no lasting harm).
final class HistoryShelf: Sendable {
    let limits: HistoryLimits
    private let inbox: Inbox
    private let sequences: SequenceCounter
    private let queue = DispatchQueue(label: "courier.history")
    private let stores = Mutex<[URL: HistoryStore]>([:])
    private let lastProblem = Mutex<String?>(nil)

    init(limits: HistoryLimits, inbox: Inbox, sequences: SequenceCounter) {
        self.limits = limits
        self.inbox = inbox
        self.sequences = sequences
    }

    /// Keeps response `sequence` of request `id`, its secrets masked by `redactor`.
    func record(_ record: HistoryRecord, sequence: Int, environment: String?, in folder: StateFolder, redactor: SecretRedactor) {
        guard limits.enabled else { return }
        let inbox = self.inbox
        withStore(folder) { store throws(HistoryUnavailable) in
            let (entry, pruned) = try store.record(record, redactor: redactor)
            let stored = StoredResponse(entry: entry.id, environment: environment, bodyKept: entry.keepsBody,
                                        definition: entry.definition, restored: false)
            inbox.post(.historyRecorded(id: record.requestID, sequence: sequence, stored, pruned: pruned))
        }
    }

    /// Reads what History keeps for request `id`, without bodies, and reports it.
    func load(_ id: String, environment: String?, in folder: StateFolder) {
        guard limits.enabled else { return }
        let (inbox, sequences) = (self.inbox, self.sequences)
        withStore(folder) { store throws(HistoryUnavailable) in
            let snapshots = try store.entries(requestID: id).map {
                StoredSnapshot.make($0, sequence: sequences.next(), environment: environment)
            }
            inbox.post(.historyLoaded(id: id, environment: environment, snapshots))
        }
    }

    /// Hands `use` the body of `snapshot`: the one in memory, or the one History kept (mapped,
    /// for a large one); nil when there is none. Runs on the queue, after the writes before it.
    func body(of snapshot: ResponseSnapshot, in folder: StateFolder, _ use: @escaping @Sendable (Data?) -> Void) {
        guard snapshot.releasedBodySize != nil, let stored = snapshot.stored, stored.bodyKept else {
            queue.async { use(snapshot.releasedBodySize == nil ? snapshot.body.data : nil) }
            return
        }
        withStore(folder) { store throws(HistoryUnavailable) in
            guard let entry = try store.entry(id: stored.entry) else {
                throw HistoryUnavailable(path: store.path, problem: "no longer holds that response (History keeps the last \(store.limits.keep))")
            }
            use(try store.body(of: entry))
        }
    }

    /// Runs `work` with the store of `folder`, in order, off the UI thread.
    private func withStore(_ folder: StateFolder, _ work: @escaping @Sendable (HistoryStore) throws(HistoryUnavailable) -> Void) {
        queue.async { [self] in
            do throws(HistoryUnavailable) {
                try work(try store(of: folder))
            } catch {
                report(error)
            }
        }
    }

    /// The store of `folder`, opened once it opens; one that fails is tried again next time.
    private func store(of folder: StateFolder) throws(HistoryUnavailable) -> HistoryStore {
        if let open = stores.withLock({ $0[folder.url] }) { return open }
        let store = try HistoryStore(folder: folder, limits: limits)
        stores.withLock { $0[folder.url] = store }
        return store
    }

    /// Tells the UI why History is unavailable, once for each new reason.
    private func report(_ problem: HistoryUnavailable) {
        let sentence = problem.description
        let isNew = lastProblem.withLock { last in
            defer { last = sentence }
            return last != sentence
        }
        if isNew { inbox.post(.historyUnavailable(sentence)) }
    }
}
