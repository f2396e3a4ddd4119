import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request in flight that can be cancelled: its completion then receives `.cancelled`.
public protocol NetworkCancellable: Sendable {
    /// Cancels the request; does nothing once it has finished.
    func cancel()
}

/// A session manager written over `URLSession` returns its data task.
extension URLSessionTask: NetworkCancellable {}

/// Called with the fraction (0…1) of the bytes moved in both directions; it never goes back, and
/// a successful request ends at 1. A total the server does not announce (chunked or compressed
/// bodies) gives only the final 1.
public typealias NetworkProgressHandler = @Sendable (Double) -> Void
