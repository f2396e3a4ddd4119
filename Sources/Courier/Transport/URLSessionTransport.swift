import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: one long-lived, delegate-based `URLSession`.
///
/// On Linux, progress callbacks only fire for delegate sessions and tasks created without a
/// completion handler, so every task is created that way and its events are routed by task id.
///
/// - Important: On Linux, FoundationNetworking stops the process when a connection closes in the
///   middle of the response headers (`NativeProtocol.swift:240: Fatal error: Transfer completed,
///   but there's no response.`, Swift 6.3.1, libcurl 7.88), and nothing in-process can catch it.
///   Send requests to servers you do not trust through `AsyncHTTPClientTransport`
///   (`CourierAsyncHTTPClient`), which reports such a response as a lost connection.
public final class URLSessionTransport: Transport {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// Whether redirects are followed (up to 20, as curl and browsers do); when not, the 3xx
    /// response is the answer.
    public let followsRedirects: Bool
    /// Whether `Authorization`, `Proxy-Authorization` and `Cookie` follow a redirect to another
    /// scheme, host or port; by default they stay behind, as curl does without `--location-trusted`.
    public let trustsRedirects: Bool
    /// Where bodies too large for memory go, if anywhere.
    public let spooling: ResponseSpooling?
    /// The largest response body accepted, in bytes after decompression; past it the transfer
    /// stops with `TransportError.Kind.responseTooLarge`. Nil accepts any size.
    public let maximumBodySize: Int?

    /// libcurl under FoundationNetworking asks for every encoding it knows and decodes them; the
    /// session turns POST into GET after 301/302/303 and everything but HEAD into GET after 303,
    /// and sends the method it keeps after a 301/302 without its body (measured in
    /// `RedirectExportTests`); 307/308 keep the body (`send` repeats it). Made once: every
    /// request's debug record holds it.
    public let behaviour: TransportBehaviour

    /// Creates a transport with its own session.
    /// - Parameters:
    ///   - configuration: Copied; caching is turned off because an API client must see the server's answer.
    ///   - followsRedirects: Whether to follow redirects (only to http and https URLs).
    ///   - trustsRedirects: Whether credentials follow a redirect to another scheme, host or port.
    ///   - spooling: When set, response bodies past its threshold are written to a file as they
    ///     arrive and come back memory-mapped, so memory stays bounded (`ResponseSpooling`).
    ///   - maximumBodySize: The largest response body accepted, decoded; nil for any size.
    public init(configuration: URLSessionConfiguration = .default, followsRedirects: Bool = true, trustsRedirects: Bool = false,
                spooling: ResponseSpooling? = nil, maximumBodySize: Int? = nil) {
        self.followsRedirects = followsRedirects
        self.trustsRedirects = trustsRedirects
        self.spooling = spooling
        self.maximumBodySize = maximumBodySize
        behaviour = TransportBehaviour(followsRedirects: followsRedirects, trustsRedirects: trustsRedirects, decompresses: true,
                                       everyMethodBecomesGetOn: [303])
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        configuration.urlCache = nil
        // Cookies belong to the endpoint's jar, which the pipeline applies; the session's shared
        // storage would leak them between endpoints.
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        delegate = SessionDelegate(followsRedirects: followsRedirects, trustsRedirects: trustsRedirects, spooling: spooling,
                                   maximumBodySize: maximumBodySize)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: InlineDelegateQueue())
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(
        _ request: URLRequest,
        body: Data?,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(TransportError) -> TransportResponse {
        try await send(request, transferBody: body.map(TransferBody.data), progress: progress)
    }

    /// Sends `transferBody`, a file being read as it goes, and follows 307/308 with the body itself.
    public func send(_ request: URLRequest, transferBody: TransferBody?,
                     progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse {
        // A task cancelled before this call would otherwise still send the request.
        if Task.isCancelled { throw TransportError(kind: .cancelled, url: request.url, detail: "cancelled before sending") }
        var request = request
        request.httpBody = nil
        for _ in 0...Self.maximumRedirects {
            let response = try await sendOnce(request, body: transferBody, progress: progress)
            guard followsRedirects, transferBody != nil, [307, 308].contains(response.response.statusCode),
                  let location = response.response.value(forHTTPHeaderField: "Location") else {
                return response
            }
            let target = try RedirectRules.target(of: location, from: request.url)
            let next = RedirectRules.redirected(request, from: request.url, to: target, trusted: trustsRedirects)
            request = RedirectCookies.following(next, from: request, setting: CookieJar.setCookieHeaders(of: response.response), in: RedirectCookies.jar)
        }
        throw TransportError(kind: .tooManyRedirects, url: request.url, detail: "more than \(Self.maximumRedirects) redirects")
    }

    /// Redirects followed before giving up, as browsers and curl do.
    static let maximumRedirects = 20

    /// Sends once on a delegate task: it reports progress on Linux (completion-handler tasks do
    /// not) and keeps a 401's body after a rejected challenge (L3). FoundationNetworking's async
    /// `data(for:)` is not used: its cancellation handler, run under the task's status lock, waits
    /// synchronously for the session's work queue while that queue resumes the task, so a timeout
    /// racing completion deadlocks (seen here). Delegate callbacks run on that work queue too
    /// (`InlineDelegateQueue`, no hop), and cancellation here never waits for it.
    private func sendOnce(_ request: URLRequest, body: TransferBody?,
                          progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> TransportResponse {
        let progress = progress ?? { _ in }
        if let spooling, body == nil, ["GET", "HEAD", "OPTIONS"].contains(request.httpMethod ?? "GET") {
            // A download task: FoundationNetworking writes the body to disk on its own thread.
            // Measured when the delegate queue was a queue of its own: a data task's chunks
            // waited there behind a fast server, hundreds of megabytes, spooled or not. (With
            // `InlineDelegateQueue` they are filed as they come; the download task is kept, as
            // it leaves the writing to libcurl's side.)
            guard FileManager.default.isWritableFile(atPath: spooling.directory.path) else {
                throw TransportError(kind: .other, url: request.url,
                                     detail: "the response body could not be spooled to \(spooling.directory.path): the folder is not writable")
            }
            let file = spooling.directory.appendingPathComponent("courier-response-\(UUID().uuidString)")
            let download = SessionDelegate.TaskRecord(url: request.url, progress: TransferProgress(), onProgress: progress,
                                                      sink: .download(to: file, readBackAbove: spooling.threshold))
            let completion = await run(session.downloadTask(with: request), record: download)
            // A 401 with a challenge loses a download's body on Linux; a safe request is asked
            // again with a data task, which keeps it (L3).
            if case .challengedDownload = completion {} else { return try completion.get() }
        }
        let record = SessionDelegate.TaskRecord(url: request.url, progress: TransferProgress(totalBytesToSend: body?.length),
                                                onProgress: progress)
        return try await run(makeTask(request, body: body), record: record).get()
    }

    /// Registers `task` with the delegate, starts it and waits for its end; cancelling the calling
    /// task cancels it.
    private func run(_ task: URLSessionTask, record: SessionDelegate.TaskRecord) async -> SessionDelegate.Completion {
        let identifier = task.taskIdentifier
        let delegate = self.delegate
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if delegate.register(identifier, record: record, continuation: continuation) { task.resume() }
            }
        } onCancel: {
            delegate.cancel(identifier)
            task.cancelOffWorkQueue()
        }
    }

    /// Sends and returns when the response head arrives; the body streams through `body`, written
    /// by the delegate as chunks arrive. Redirects are followed by the session, except 307/308 with a body.
    public func stream(_ request: URLRequest, transferBody: TransferBody?,
                       progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> StreamedResponse {
        if Task.isCancelled { throw TransportError(kind: .cancelled, url: request.url, detail: "cancelled before sending") }
        var request = request
        request.httpBody = nil
        let task = makeTask(request, body: transferBody)
        let identifier = task.taskIdentifier
        let delegate = self.delegate
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let head = OneShot<Result<HTTPURLResponse, TransportError>>()
        let record = SessionDelegate.TaskRecord(
            url: request.url, progress: TransferProgress(totalBytesToSend: transferBody?.length), onProgress: progress ?? { _ in },
            sink: .stream(chunk: { continuation.yield($0) }, head: { head.resolve(.success($0)) }))
        continuation.onTermination = { reason in
            if case .cancelled = reason {
                delegate.cancel(identifier)
                task.cancelOffWorkQueue()
            }
        }
        Task {
            do throws(TransportError) {
                let response = try await run(task, record: record).get()
                head.resolve(.success(response.response))
                continuation.finish()
            } catch {
                head.resolve(.failure(error))
                continuation.finish(throwing: error)
            }
        }
        let answer = await withTaskCancellationHandler {
            await head.value
        } onCancel: {
            delegate.cancel(identifier)
            task.cancelOffWorkQueue()
        }
        return StreamedResponse(response: try answer.get(), body: body)
    }

    /// A download task: FoundationNetworking writes the body to disk as it arrives, so memory
    /// stays flat (a data task queues every chunk for the delegate and grows with the body).
    public func download(_ request: URLRequest, to destination: URL,
                         progress: (@Sendable (TransferProgress) -> Void)?) async throws(TransportError) -> HTTPURLResponse {
        if Task.isCancelled { throw TransportError(kind: .cancelled, url: request.url, detail: "cancelled before sending") }
        let record = SessionDelegate.TaskRecord(url: request.url, progress: TransferProgress(), onProgress: progress ?? { _ in },
                                                sink: .download(to: destination, readBackAbove: nil))
        return try await run(session.downloadTask(with: request), record: record).get().response
    }

    private func makeTask(_ request: URLRequest, body: TransferBody?) -> URLSessionTask {
        switch body {
        case .data(let data)?: return session.uploadTask(with: request, from: data)
        case .file(let url, _)?: return session.uploadTask(with: request, fromFile: url)
        case nil: return session.dataTask(with: request)
        }
    }
}

/// A value set once and awaited once.
final class OneShot<Value: Sendable>: Sendable {
    private let state = Mutex<(value: Value?, waiter: CheckedContinuation<Value, Never>?)>((nil, nil))

    /// The first value wins; later ones are ignored.
    func resolve(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Value? in
                    if let value = state.value { return value }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}
