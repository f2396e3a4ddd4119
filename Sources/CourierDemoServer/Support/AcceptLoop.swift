import NIOCore

/// A listener's accept loop, shared by the demo server and the demo proxy: each connection is
/// served in a child task on `executor`'s threads, off the cooperative pool (see `ServerExecutor`),
/// until `stop()` closes the listener.
final class AcceptLoop: Sendable {
    private let task: Task<Void, Never>
    private let closeListener: @Sendable () async -> Void

    init<Connection: Sendable>(_ listener: NIOAsyncChannel<Connection, Never>, on executor: ServerExecutor,
                               serve: @escaping @Sendable (Connection) async -> Void) {
        // The child tasks of the group inherit the executor preference.
        task = Task(executorPreference: executor) {
            do {
                try await withThrowingDiscardingTaskGroup { group in
                    try await listener.executeThenClose { connections in
                        for try await connection in connections { group.addTask { await serve(connection) } }
                    }
                }
            } catch {
                // The listener closed (stop() or a socket error); the loop is done either way.
            }
        }
        closeListener = { try? await listener.channel.close() }
    }

    /// Stops accepting, closes every connection and returns when the listener is gone.
    func stop() async {
        await closeListener()
        task.cancel()
        await task.value
    }

    /// Returns when the loop ends: its listener closed, or the task waiting was cancelled.
    func waitUntilStopped() async { await task.value }
}
