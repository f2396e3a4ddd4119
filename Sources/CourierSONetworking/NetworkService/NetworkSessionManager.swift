import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `URLRequest`s and reports as `URLSession` does: data, response and error, where an error
/// status is a response, not an error (the network service judges the status).
/// `DefaultNetworkSessionManager` sends through Courier's pipeline.
public protocol NetworkSessionManager: Sendable {
    typealias CompletionHandler = @Sendable (Data?, URLResponse?, Error?) -> Void

    /// Sends `request`; `completion` runs once with the outcome.
    @discardableResult
    func request(_ request: URLRequest,
                 completion: @escaping CompletionHandler) -> NetworkCancellable

    /// Sends `request`, reporting progress; the default ignores `progress`.
    @discardableResult
    func request(_ request: URLRequest, progress: NetworkProgressHandler?,
                 completion: @escaping CompletionHandler) -> NetworkCancellable
}

extension NetworkSessionManager {
    @discardableResult
    public func request(_ request: URLRequest, progress: NetworkProgressHandler?,
                        completion: @escaping CompletionHandler) -> NetworkCancellable {
        self.request(request, completion: completion)
    }
}
