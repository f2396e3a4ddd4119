import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: one long-lived, delegate-based `URLSession`.
///
/// On Linux, progress callbacks only fire for delegate sessions and tasks created without a
/// completion handler, so every task is created that way and its events are routed by task id.
public final class URLSessionTransport: Transport {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport with its own session.
    /// - Parameter configuration: Copied; caching is turned off because an API client must see the server's answer.
    public init(configuration: URLSessionConfiguration = .default) {
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Courier.URLSessionTransport"
        delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(
        _ request: URLRequest,
        body: Data?,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(TransportError) -> TransportResponse {
        // A task cancelled before this call would otherwise still send the request.
        if Task.isCancelled { throw TransportError(kind: .cancelled, url: request.url, detail: "cancelled before sending") }
        var request = request
        request.httpBody = nil
        for _ in 0...Self.maximumRedirects {
            switch await sendOnce(request, body: body, progress: progress) {
            case .response(let response):
                return response
            case .failure(let error):
                throw error
            case .redirect(let target):
                if target.host != request.url?.host {
                    // Like curl, never forward credentials to another host.
                    request.setValue(nil, forHTTPHeaderField: "Authorization")
                    request.setValue(nil, forHTTPHeaderField: "Cookie")
                }
                request.url = target
            }
        }
        throw TransportError(kind: .tooManyRedirects, url: request.url, detail: "more than \(Self.maximumRedirects) redirects")
    }

    /// Redirects followed before giving up, as browsers and curl do.
    static let maximumRedirects = 20

    private func sendOnce(_ request: URLRequest, body: Data?,
                          progress: (@Sendable (TransferProgress) -> Void)?) async -> SessionDelegate.Outcome {
        let task = makeTask(request, body: body, reportsProgress: progress != nil)
        let identifier = task.taskIdentifier
        let delegate = self.delegate
        let record = SessionDelegate.TaskRecord(
            url: request.url,
            method: request.httpMethod ?? "GET",
            body: body,
            progress: TransferProgress(totalBytesToSend: body.map { Int64($0.count) }),
            onProgress: progress
        )
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if delegate.register(identifier, record: record, continuation: continuation) { task.resume() }
            }
        } onCancel: {
            delegate.cancel(identifier)
            task.cancel()
        }
    }

    /// Progress needs a delegate task (Linux reports none for completion-handler tasks), but each
    /// delegate event costs a hop through the delegate queue. Without a progress observer a
    /// completion-handler task makes one hop per request; challenges and redirects still reach
    /// the session delegate either way.
    private func makeTask(_ request: URLRequest, body: Data?, reportsProgress: Bool) -> URLSessionTask {
        if reportsProgress {
            return body.map { session.uploadTask(with: request, from: $0) } ?? session.dataTask(with: request)
        }
        let delegate = self.delegate
        let identifier = Mutex<Int?>(nil)
        let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
            guard let id = identifier.withLock({ $0 }) else { return }
            delegate.finish(id, data: data ?? Data(), response: response, error: error)
        }
        let task = body.map { session.uploadTask(with: request, from: $0, completionHandler: completion) }
            ?? session.dataTask(with: request, completionHandler: completion)
        identifier.withLock { $0 = task.taskIdentifier }
        return task
    }
}
