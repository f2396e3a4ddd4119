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

    /// Records `state` and tells the listeners; a final state ends them. Nothing changes after a final state.
    func update(_ state: State, isFinal: Bool = false) {
        let listeners = entry.withLock { entry -> [Listener] in
            guard !entry.isFinal else { return [] }
            entry.state = state
            entry.isFinal = isFinal
            defer { if isFinal { entry.listeners = [] } }
            return entry.listeners
        }
        for listener in listeners {
            listener.yield(state)
            if isFinal { listener.finish() }
        }
    }

    /// Changes the latest state in place (when it is not final) and tells the listeners.
    func modify(isFinal: Bool = false, _ change: (inout State) -> Void) {
        var state = self.state
        change(&state)
        update(state, isFinal: isFinal)
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
