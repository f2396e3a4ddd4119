import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Watches every request an endpoint sends and every outcome: for logging, metrics, tracing.
public protocol RequestObserver: Sendable {
    /// Called before each attempt is sent (again for every retry).
    func willSend(_ request: URLRequest, attempt: Int)
    /// Called once per execution when it ends, successfully or not.
    func didFinish(_ info: DebugInfo)
}

extension RequestObserver {
    public func willSend(_ request: URLRequest, attempt: Int) {}
    public func didFinish(_ info: DebugInfo) {}
}

/// Identifies a registration so it can be removed.
public struct ObserverToken: Hashable, Sendable {
    let id: UInt64
}

/// The observers of an endpoint, called on the thread that runs the request; keep them quick.
public final class ObservationManager: Sendable {
    private struct State {
        var observers: [(ObserverToken, any RequestObserver)] = []
        var nextId: UInt64 = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Adds an observer; it sees every later request.
    @discardableResult
    public func register(_ observer: any RequestObserver) -> ObserverToken {
        state.withLock { state in
            state.nextId += 1
            let token = ObserverToken(id: state.nextId)
            state.observers.append((token, observer))
            return token
        }
    }

    /// Removes the observer registered with `token`.
    public func unregister(_ token: ObserverToken) {
        state.withLock { $0.observers.removeAll { $0.0 == token } }
    }

    /// Removes every observer.
    public func removeAll() {
        state.withLock { $0.observers.removeAll() }
    }

    /// The observers in registration order.
    public var observers: [any RequestObserver] { state.withLock { $0.observers.map(\.1) } }

    func willSend(_ request: URLRequest, attempt: Int) {
        for observer in observers { observer.willSend(request, attempt: attempt) }
    }

    func didFinish(_ info: DebugInfo) {
        for observer in observers { observer.didFinish(info) }
    }
}
