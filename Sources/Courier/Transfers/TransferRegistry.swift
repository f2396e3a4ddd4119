import Foundation
import Synchronization

/// Identifies one upload or download of a manager.
public struct TransferID: Hashable, Sendable, CustomStringConvertible {
    let value: UUID
    public var description: String { value.uuidString }
}

/// Where an upload or a download is.
public enum TransferState: Sendable, Equatable {
    /// Bytes moved so far; `fraction` when the total is known (not for chunked or compressed bodies).
    case progress(bytes: Int64, total: Int64?, fraction: Double?)
    /// Done; for downloads, the file; for uploads, the server's status.
    case completed(file: URL?, statusCode: Int)
    /// Failed, with the sentence that says why.
    case failed(String)
    case cancelled

    public var isFinal: Bool {
        if case .progress = self { return false }
        return true
    }
}

/// The transfers of one manager: their tasks, their latest state and who listens.
final class TransferRegistry: Sendable {
    private struct Entry {
        var task: Task<Void, Never>?
        var state: TransferState = .progress(bytes: 0, total: nil, fraction: nil)
        var listeners: [AsyncStream<TransferState>.Continuation] = []
        var finished: [CheckedContinuation<TransferState, Never>] = []
    }

    private let entries = Mutex<[TransferID: Entry]>([:])

    func add(_ id: TransferID) { entries.withLock { $0[id] = Entry() } }

    func attach(_ task: Task<Void, Never>, to id: TransferID) { entries.withLock { $0[id]?.task = task } }

    /// Records a state and tells every listener; a final state ends their streams.
    func update(_ id: TransferID, _ state: TransferState) {
        let (listeners, waiters) = entries.withLock { entries -> ([AsyncStream<TransferState>.Continuation], [CheckedContinuation<TransferState, Never>]) in
            guard var entry = entries[id], !entry.state.isFinal else { return ([], []) }
            entry.state = state
            let waiters = state.isFinal ? entry.finished : []
            if state.isFinal { entry.finished = [] }
            entries[id] = entry
            return (entry.listeners, waiters)
        }
        for listener in listeners {
            listener.yield(state)
            if state.isFinal { listener.finish() }
        }
        for waiter in waiters { waiter.resume(returning: state) }
    }

    /// The states from now on, starting with the latest; ends after the final one.
    func states(_ id: TransferID) -> AsyncStream<TransferState> {
        // The newest 64 are kept for a slow reader; the final state is always among them.
        let (stream, continuation) = AsyncStream<TransferState>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let current = entries.withLock { entries -> TransferState? in
            guard entries[id] != nil else { return nil }
            entries[id]?.listeners.append(continuation)
            return entries[id]?.state
        }
        if let current {
            continuation.yield(current)
            if current.isFinal { continuation.finish() }
        } else {
            continuation.yield(.failed("no transfer \(id) in this manager"))
            continuation.finish()
        }
        return stream
    }

    /// Waits for the final state.
    func result(_ id: TransferID) async -> TransferState {
        await withCheckedContinuation { continuation in
            let ready = entries.withLock { entries -> TransferState? in
                guard let entry = entries[id] else { return .failed("no transfer \(id) in this manager") }
                if entry.state.isFinal { return entry.state }
                entries[id]?.finished.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func cancel(_ id: TransferID) { entries.withLock { $0[id]?.task }?.cancel() }

    /// Progress as a state, throttled by the caller.
    static func progress(_ progress: TransferProgress, upload: Bool) -> TransferState {
        let bytes = upload ? progress.bytesSent : progress.bytesReceived
        let total = upload ? progress.totalBytesToSend : progress.totalBytesToReceive
        return .progress(bytes: bytes, total: total, fraction: total.flatMap { $0 > 0 ? min(1, Double(bytes) / Double($0)) : nil })
    }
}
