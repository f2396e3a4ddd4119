import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads with a state stream per transfer: a file sent as the body, or any request
/// (large multipart bodies are spooled to a temporary file first). Uploads run through the
/// endpoint's pipeline: adapters, cookies, observers, and retries for idempotent methods.
///
/// ```swift
/// let uploads = UploadManager(endpoint: endpoint)
/// let id = uploads.upload(file: video, to: "media", method: .put)
/// for await state in uploads.states(for: id) { print(state) }
/// ```
public final class UploadManager: Sendable {
    public let endpoint: Endpoint
    private let registry = TransferRegistry()

    public init(endpoint: Endpoint) { self.endpoint = endpoint }

    /// Starts sending `request`.
    @discardableResult
    public func upload<R: Request>(_ request: R) -> TransferID {
        let id = TransferID(value: UUID())
        registry.add(id)
        let registry = self.registry
        let endpoint = self.endpoint
        registry.attach(Task {
            let throttle = ProgressThrottle()
            let events = PipelineEvents(progress: { progress in
                if throttle.shouldReport(progress.bytesSent) { registry.update(id, TransferRegistry.progress(progress, upload: true)) }
            })
            let outcome = await RequestPipeline(request: request, endpoint: endpoint, options: .init()).run(events: events)
            switch outcome.result {
            case .success:
                registry.update(id, .completed(file: nil, statusCode: outcome.debug.statusCode ?? 200))
            case .failure(let error):
                registry.update(id, error.isCancelled ? .cancelled : .failed(error.description))
            }
        }, to: id)
        return id
    }

    /// Starts sending `file` as the body of a `method` request to `path` (absolute, or relative to the endpoint).
    @discardableResult
    public func upload(file: URL, to path: String, method: HTTPMethod = .post, headers: RequestHeaders = [:]) -> TransferID {
        upload(DefaultRequest<Data, String>(path: path, method: method, body: .file(file), headers: headers))
    }

    /// The states of upload `id`, starting with the latest; ends after the final one.
    public func states(for id: TransferID) -> AsyncStream<TransferState> { registry.states(id) }

    /// Waits for upload `id` to end and returns its final state.
    public func result(of id: TransferID) async -> TransferState { await registry.result(id) }

    /// Cancels upload `id`.
    public func cancel(_ id: TransferID) { registry.cancel(id) }
}
