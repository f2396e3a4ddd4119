import Courier
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads data and files through Courier's pipeline (adapters, processors, cookies, observers),
/// each with a stream of states. A file is read from disk as it is sent.
///
/// ```swift
/// let uploadTask = try await uploadManager.upload(.file(fileUrl), to: "https://upload.com/file")
/// for await uploadState in await uploadManager.stateStream(for: uploadTask.id) { … }
/// ```
public final class UploadAPIManager: Sendable {
    /// The Courier endpoint uploads go through (observers, cookies).
    public let endpoint: Endpoint
    private let errorProcessors: [any ErrorProcessing]
    private let sessionId = ISO8601DateFormatter().string(from: Date())
    /// Every upload started, finished ones included, so a stream asked for after a quick upload
    /// still gets its final state.
    private let tasks = Mutex<[UploadTask.ID: UploadTask]>([:])

    /// - Parameters:
    ///   - urlSessionConfiguration: The configuration of the session uploads go through.
    ///   - requestAdapters: Adapters run before sending.
    ///   - responseProcessors: Processors run on the response.
    ///   - errorProcessors: Processors run on the error an upload ends with.
    public init(urlSessionConfiguration: URLSessionConfiguration = .default,
                requestAdapters: [any RequestAdapting] = [],
                responseProcessors: [any ResponseProcessing] = [],
                errorProcessors: [any ErrorProcessing] = []) {
        endpoint = .manager(configuration: urlSessionConfiguration, adapters: requestAdapters, processors: responseProcessors)
        self.errorProcessors = errorProcessors
    }

    /// The uploads still running.
    public var activeTasks: [UploadTask] {
        get async { tasks.withLock { $0.values.filter { !$0.state.isCompleted } } }
    }

    /// The running upload `id`, if any.
    public func task(with id: UploadTask.ID) async -> UploadTask? { tasks.withLock { $0[id] } }

    /// Starts a POST of `upload` to `url`.
    /// - Throws: `RequestableError.invalidURLComponents` when `url` is not a URL.
    public func upload(_ upload: UploadType, to url: String) async throws -> UploadTask {
        guard let target = URL(string: url) else { throw RequestableError.invalidURLComponents }
        return try await self.upload(upload, to: target)
    }

    /// Starts a POST of `upload` to `url`.
    public func upload(_ upload: UploadType, to url: URL) async throws -> UploadTask {
        try await self.upload(upload, to: URLRouter(url: url, method: .post))
    }

    /// Starts sending `upload` as the body of `endpoint`'s request (its method, headers, parameters).
    /// - Throws: `RequestableError`, or Courier's `RequestBuildError` for a file that cannot be read.
    public func upload(_ upload: UploadType, to endpoint: any Requestable) async throws -> UploadTask {
        let call = EndpointRequest(endpoint, sessionId: sessionId)
        let (body, contentType, length): (RequestBody, String?, Int64) = switch upload {
        case .data(let data, let contentType): (.raw(data), contentType, Int64(data.count))
        case .file(let url): (.file(url), nil, try Self.size(of: url))
        }
        let routed = try RoutedRequest(call, upload: (body, contentType))
        let task = UploadTask(id: call.id, transfer: Transfer(UploadTask.State(sentBytes: 0, totalBytes: length, taskState: .running)))
        tasks.withLock { $0[task.id] = task }
        task.transfer.start { [self] in
            let result = await routed.send(on: self.endpoint, retry: nil) { progress in
                task.transfer.modify { $0.sentBytes = progress.bytesSent }
            }
            switch result {
            case .success(let response):
                task.transfer.modify(isFinal: true) {
                    $0.sentBytes = $0.totalBytes
                    $0.response = response
                    $0.taskState = .completed
                }
            case .failure(let error):
                let final = error is CancellationError ? error : await self.errorProcessors.process(error, for: call)
                task.transfer.modify(isFinal: true) {
                    $0.error = final
                    if case .unacceptableStatusCode(_, _, let response)? = final as? NetworkError { $0.response = response }
                    $0.taskState = .completed
                }
            }
        }
        return task
    }

    /// The states of upload `uploadTaskId`, starting with the latest; ends after the final one.
    /// An upload this manager does not know ends at once.
    public func stateStream(for uploadTaskId: UploadTask.ID) async -> AsyncStream<UploadTask.State> {
        guard let task = tasks.withLock({ $0[uploadTaskId] }) else { return AsyncStream { $0.finish() } }
        return task.transfer.stream()
    }

    /// The size of a file to upload.
    private static func size(of url: URL) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }
}
