import Courier
import CourierCollections
import CourierUI
import Foundation
import Synchronization

/// Actions from background work, waiting for the UI thread to apply them.
final class Inbox: Sendable {
    private let actions = Mutex<[Action]>([])
    private let previews = Mutex<Int>(0)
    private let filesChanged = Mutex(false)

    /// Something changed on disk below the collections; the UI thread reloads once for any number.
    func noteFilesChanged() { filesChanged.withLock { $0 = true } }

    /// Whether files changed since the last call.
    func takeFilesChanged() -> Bool {
        filesChanged.withLock { changed in
            defer { changed = false }
            return changed
        }
    }

    /// Numbers a new preview.
    func nextPreview() -> Int {
        previews.withLock { count in
            count += 1
            return count
        }
    }

    func isLatestPreview(_ number: Int) -> Bool { previews.withLock { $0 == number } }

    func post(_ action: Action) {
        actions.withLock { $0.append(action) }
    }

    /// The actions posted since the last call, in order; consecutive chunks of one event stream
    /// come as one, so a stream of thousands of events a second costs one update a frame.
    func drain() -> [Action] {
        let posted = actions.withLock { actions in
            defer { actions = [] }
            return actions
        }
        var merged: [Action] = []
        merged.reserveCapacity(posted.count)
        for action in posted {
            if case .streamed(let id, let chunk) = action, case .streamed(id, var earlier)? = merged.last {
                earlier.append(chunk)
                merged[merged.count - 1] = .streamed(id: id, earlier)
            } else {
                merged.append(action)
            }
        }
        return merged
    }
}

/// Numbers responses, from the UI thread and the folder run's task alike.
final class SequenceCounter: Sendable {
    private let count = Mutex(0)

    /// The next number, from 1.
    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

/// The request in flight: its task, when it started, and the latest progress the library reported.
final class Flight: Sendable {
    let id: String
    let started = ContinuousClock.now
    private let progress = Mutex<TransferProgress>(TransferProgress())
    private let task = Mutex<Task<Void, Never>?>(nil)
    private let preparing = Mutex(false)

    init(id: String) { self.id = id }

    func report(_ latest: TransferProgress) { progress.withLock { $0 = latest } }

    /// The transfer is over; the body is being indexed for display.
    func markPreparing() { preparing.withLock { $0 = true } }

    func start(_ work: Task<Void, Never>) { task.withLock { $0 = work } }

    func cancel() { task.withLock { $0 }?.cancel() }

    var elapsed: Double {
        let duration = ContinuousClock.now - started
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The progress as the response pane shows it.
    var status: TransferStatus {
        let latest = progress.withLock { $0 }
        var status = TransferStatus(sent: latest.bytesSent, toSend: latest.totalBytesToSend, received: latest.bytesReceived,
                                    toReceive: latest.totalBytesToReceive, elapsed: elapsed)
        status.preparing = preparing.withLock { $0 }
        return status
    }
}
