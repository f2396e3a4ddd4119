import Synchronization

/// A running transfer: the task doing the work, its latest state and everyone listening. A
/// listener first gets the latest state, then each new one; the final state ends every listener.
final class Transfer<State: Sendable>: Sendable {
    private struct Listener {
        let yield: @Sendable (State) -> Void
        let finish: @Sendable () -> Void
    }

    private struct Entry {
        var state: State
        var isFinal = false
        var listeners: [Listener] = []
    }

    private let entry: Mutex<Entry>
    private let work = Mutex<Task<Void, Never>?>(nil)

    init(_ initial: State) { entry = Mutex(Entry(state: initial)) }

    /// Runs `operation` as the transfer's work, which `cancel()` cancels.
    func start(_ operation: @escaping @Sendable () async -> Void) {
        work.withLock { $0 = Task { await operation() } }
    }

    /// Cancels the work.
    func cancel() { work.withLock { $0 }?.cancel() }

    /// The latest state.
    var state: State { entry.withLock { $0.state } }

    /// Changes the latest state in place, under the lock so concurrent changes (progress from the
    /// transport, the end from the task) never undo each other, then tells the listeners; a final state ends them, and nothing changes after it.
    func modify(isFinal: Bool = false, _ change: (inout State) -> Void) {
        let changed = entry.withLock { entry -> (State, [Listener])? in
            guard !entry.isFinal else { return nil }
            change(&entry.state)
            entry.isFinal = isFinal
            defer { if isFinal { entry.listeners = [] } }
            return (entry.state, entry.listeners)
        }
        guard let (state, listeners) = changed else { return }
        for listener in listeners {
            listener.yield(state)
            if isFinal { listener.finish() }
        }
    }

    /// The states from now on as an `AsyncStream`.
    func stream() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream<State>.makeStream(bufferingPolicy: .bufferingNewest(64))
        listen(yield: { continuation.yield($0) }, finish: { continuation.finish() })
        return stream
    }

    /// The states from now on as an `AsyncThrowingStream` (it ends normally; errors are in the states).
    func throwingStream() -> AsyncThrowingStream<State, any Error> {
        let (stream, continuation) = AsyncThrowingStream<State, any Error>.makeStream(bufferingPolicy: .bufferingNewest(64))
        listen(yield: { continuation.yield($0) }, finish: { continuation.finish() })
        return stream
    }

    private func listen(yield: @escaping @Sendable (State) -> Void, finish: @escaping @Sendable () -> Void) {
        let (current, isFinal) = entry.withLock { entry -> (State, Bool) in
            if !entry.isFinal { entry.listeners.append(Listener(yield: yield, finish: finish)) }
            return (entry.state, entry.isFinal)
        }
        yield(current)
        if isFinal { finish() }
    }
}
