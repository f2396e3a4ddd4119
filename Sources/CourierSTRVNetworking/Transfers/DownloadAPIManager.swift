import Courier
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A download that has started: its task and the response head (the body is still arriving).
public typealias DownloadResult = (DownloadTask, Response)

/// Downloads files through Courier's transport: the call returns once the response head arrives,
/// the body streams to disk (memory stays flat whatever the size), and `progressStream(for:)`
/// reports its progress.
///
/// ```swift
/// let (task, response) = try await DownloadAPIManager().request(url: url)
/// for try await downloadState in DownloadAPIManager.shared.progressStream(for: task) { … }
/// ```
public final class DownloadAPIManager: Sendable {
    /// A manager for the whole process.
    public static let shared = DownloadAPIManager()

    /// The Courier endpoint downloads go through (observers, cookies).
    public let endpoint: Endpoint
    private let responseProcessors: [any ResponseProcessing]
    private let errorProcessors: [any ErrorProcessing]
    private let downloadDirectory: URL
    private let sessionId = ISO8601DateFormatter().string(from: Date())
    private let tasks = Mutex<[String: DownloadTask]>([:])

    /// - Parameters:
    ///   - urlSessionConfiguration: The configuration of the session downloads go through.
    ///   - requestAdapters: Adapters run on every attempt.
    ///   - responseProcessors: Processors run on the response head.
    ///   - errorProcessors: Processors run on the error a failed start ends with.
    ///   - downloadDirectory: Where finished files go, named as the server suggests (`name (2).ext`
    ///     and so on when that name is taken: a download never replaces a file); the temporary
    ///     folder by default.
    public init(urlSessionConfiguration: URLSessionConfiguration = .default,
                requestAdapters: [any RequestAdapting] = [],
                responseProcessors: [any ResponseProcessing] = [],
                errorProcessors: [any ErrorProcessing] = [],
                downloadDirectory: URL = FileManager.default.temporaryDirectory) {
        endpoint = .manager(configuration: urlSessionConfiguration, adapters: requestAdapters, processors: [])
        self.responseProcessors = responseProcessors
        self.errorProcessors = errorProcessors
        self.downloadDirectory = downloadDirectory
    }

    /// The downloads still running.
    public var allTasks: [DownloadTask] {
        get async { tasks.withLock { Array($0.values) } }
    }

    /// Starts downloading `url` with a GET.
    /// - Parameters:
    ///   - url: What to download.
    ///   - retryConfiguration: How to retry starting it; nil for no retries.
    /// - Returns: The task and the response head.
    /// - Throws: As `downloadRequest(_:retryConfiguration:)`.
    public func request(url: URL, retryConfiguration: RetryConfiguration? = .default) async throws -> DownloadResult {
        try await downloadRequest(URLRouter(url: url, method: .get), retryConfiguration: retryConfiguration)
    }

    /// Starts downloading what `endpoint` answers.
    public func request(_ endpoint: any Requestable, retryConfiguration: RetryConfiguration? = .default) async throws -> DownloadResult {
        try await downloadRequest(endpoint, retryConfiguration: retryConfiguration)
    }

    /// Starts downloading what `endpoint` answers: retries the start as configured, runs the
    /// response processors on the head, then streams the body to a file in the background.
    /// - Throws: `NetworkError` for an error status, an adapter's or processor's error,
    ///   `URLError` for transport failures, `CancellationError`; after the error processors.
    public func downloadRequest(_ endpoint: any Requestable, retryConfiguration: RetryConfiguration? = .default) async throws -> DownloadResult {
        let call = EndpointRequest(endpoint, sessionId: sessionId)
        do {
            let routed = try RoutedRequest(call)
            let urlRequest = try endpoint.asRequest()
            let streamed = try await start(routed, retry: retryConfiguration)
            let head = try await responseProcessors.process((Data(), streamed.response), with: urlRequest, for: call)
            let task = DownloadTask(id: call.id, request: urlRequest)
            run(task, body: streamed)
            return (task, head)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw await errorProcessors.process(error, for: call)
        }
    }

    /// The states of `task`, starting with the latest; ends after the file is complete or the
    /// download failed (the final state's `error`).
    public func progressStream(for task: DownloadTask) -> AsyncThrowingStream<DownloadState, any Error> {
        task.transfer.throwingStream()
    }

    // MARK: - Running

    /// Sends until the head arrives, retrying as `retry` says.
    private func start(_ routed: RoutedRequest, retry: RetryConfiguration?) async throws -> StreamedResponse {
        var attempt = 1
        while true {
            let failure: any Error
            do {
                return try await PipelineCall.$current.withValue(routed.call) { try await routed.stream(on: endpoint) }
            } catch {
                failure = routed.streamFailure(error)
            }
            guard let retry, retry.allows(another: attempt, after: failure, method: routed.method) else { throw failure }
            try await Task.sleep(for: .seconds(retry.delay.interval(afterAttempt: attempt)))
            attempt += 1
        }
    }

    /// Streams the body into a file in the download folder and reports it on `task`.
    private func run(_ task: DownloadTask, body streamed: StreamedResponse) {
        let length = streamed.response.expectedContentLength
        task.transfer.modify { $0.totalBytes = length }
        let name = streamed.response.suggestedFilename ?? streamed.response.url?.lastPathComponent ?? task.id
        let directory = downloadDirectory
        let partial = downloadDirectory.appendingPathComponent(".\(UUID().uuidString).part")
        tasks.withLock { $0[task.id] = task }
        task.transfer.start { [self] in
            defer { _ = self.tasks.withLock { $0.removeValue(forKey: task.id) } }
            do {
                let destination = try await Self.write(streamed.body, to: partial, named: name, in: directory, reporting: task.transfer)
                task.transfer.modify(isFinal: true) {
                    $0.taskState = .completed
                    $0.downloadedFileURL = destination
                }
            } catch {
                try? FileManager.default.removeItem(at: partial)
                task.transfer.modify(isFinal: true) {
                    $0.taskState = .completed
                    $0.error = Task.isCancelled ? CancellationError() : error
                }
            }
        }
    }

    /// Writes the body into `partial` as it arrives, then moves it into `directory` under `name`
    /// or, when that is taken, the first free `name (2)`, `name (3)`, …; returns where it went.
    private static func write(_ body: AsyncThrowingStream<Data, any Error>, to partial: URL, named name: String, in directory: URL,
                              reporting transfer: Transfer<DownloadState>) async throws -> URL {
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: partial.path])
        }
        let handle = try FileHandle(forWritingTo: partial)
        var written: Int64 = 0
        do {
            for try await chunk in body {
                try handle.write(contentsOf: chunk)
                written += Int64(chunk.count)
                transfer.modify { $0.downloadedBytes = written }
            }
            try handle.close()
        } catch {
            try? handle.close()
            throw error
        }
        // A cancelled stream ends without an error; the file is incomplete.
        try Task.checkCancellation()
        return try moveToFreeName(partial, named: name, in: directory)
    }

    /// Two downloads the server names alike (two URLs without a file name, run at once or one
    /// after the other) must not replace each other's file, as browsers never do. `link(2)` claims
    /// a name or fails when it is taken, in one step: a check followed by a rename could lose to
    /// a download finishing at the same moment.
    private static func moveToFreeName(_ file: URL, named name: String, in directory: URL) throws -> URL {
        let stem = (name as NSString).deletingPathExtension
        let pathExtension = (name as NSString).pathExtension
        for number in 1...10_000 {
            let candidate = number == 1 ? name : "\(stem) (\(number))" + (pathExtension.isEmpty ? "" : ".\(pathExtension)")
            let destination = directory.appendingPathComponent(candidate)
            if link(file.path, destination.path) == 0 {
                try? FileManager.default.removeItem(at: file)
                return destination
            }
            guard errno == EEXIST else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path,
                                                               NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
            }
        }
        throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: directory.appendingPathComponent(name).path])
    }
}

/// A request for a URL as it is (downloads and uploads to a plain URL).
struct URLRouter: Requestable {
    let url: URL
    let method: HTTPMethod
    var baseURL: URL { url }
    var path: String { "" }

    func urlComponents() throws -> URLComponents {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { throw RequestableError.invalidURLComponents }
        return components
    }
}
