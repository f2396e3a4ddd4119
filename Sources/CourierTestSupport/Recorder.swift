import Synchronization

/// Collects values from callbacks that run on other threads.
public final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    public init() {}

    public func append(_ value: Value) { storage.withLock { $0.append(value) } }
    public var values: [Value] { storage.withLock { $0 } }
}
