import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Receives every task event of a session and routes it to the task's entry.
final class SessionDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    private struct State {
        var entries: [Int: Entry] = [:]
        /// Tasks cancelled before they were registered.
        var cancelledEarly: Set<Int> = []
    }

    private let state = Mutex(State())
    /// Whether redirects are followed; when not, a task ends with the 3xx response itself.
    let followsRedirects: Bool
    /// Whether credentials follow a redirect to another origin (`RedirectRules`).
    let trustsRedirects: Bool
    /// When set, collected bodies past its threshold are written to a file as they arrive.
    let spooling: ResponseSpooling?
    /// The largest body a task may receive, decoded; past it the task ends with `.responseTooLarge`.
    let maximumBodySize: Int?

    init(followsRedirects: Bool = true, trustsRedirects: Bool = false, spooling: ResponseSpooling? = nil, maximumBodySize: Int? = nil) {
        self.followsRedirects = followsRedirects
        self.trustsRedirects = trustsRedirects
        self.spooling = spooling
        self.maximumBodySize = maximumBodySize
        super.init()
    }

    /// Registers a task; returns false (and completes it as cancelled) when it was cancelled already.
    func register(_ identifier: Int, record: TaskRecord, continuation: CheckedContinuation<Completion, Never>) -> Bool {
        let cancelled = state.withLock { state -> Bool in
            if state.cancelledEarly.remove(identifier) != nil { return true }
            state.entries[identifier] = Entry(record: record, continuation: continuation)
            return false
        }
        if cancelled {
            continuation.resume(returning: .failure(TransportError(kind: .cancelled, url: record.url, detail: "cancelled before sending")))
        }
        return !cancelled
    }

    /// Marks a task as cancelled by its caller, so its `URLError.cancelled` is not mistaken for
    /// the one Linux reports after a rejected authentication challenge.
    func cancel(_ identifier: Int) {
        state.withLock { state in
            if state.entries[identifier] != nil {
                state.entries[identifier]?.cancelledByUser = true
            } else {
                state.cancelledEarly.insert(identifier)
            }
        }
    }

    // MARK: - Progress

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        report(task.taskIdentifier) { progress in
            progress.bytesSent = totalBytesSent
            if totalBytesExpectedToSend > 0 { progress.totalBytesToSend = totalBytesExpectedToSend }
        }
    }

    /// What to do with a chunk once the lock is released: callbacks run one at a time on the
    /// session's work queue (`InlineDelegateQueue`), so these run in order.
    private enum Delivery {
        case none
        case stream(@Sendable (Data) -> Void)
        case spool(ResponseSpoolFile, earlier: Data)
        /// The body cannot be kept whole: stop receiving; `finish` reports why.
        case stop
    }

    // No `didReceive response` handler: the response head is read from the task when its first
    // bytes (or its end) arrive.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let head = dataTask.response as? HTTPURLResponse
        var headCallback: (@Sendable (HTTPURLResponse) -> Void)?
        var delivery = Delivery.none
        let spooling = self.spooling
        let limit = maximumBodySize
        report(dataTask.taskIdentifier) { progress in
            progress.bytesReceived += Int64(data.count)
        } update: { entry in
            // libcurl hands over decoded bytes, so a gzip bomb is measured as it inflates.
            if let limit, entry.problem == nil, entry.record.progress.bytesReceived > limit {
                entry.problem = .responseTooLarge(url: entry.record.url, limit: limit)
            }
            if entry.response == nil, let head {
                entry.response = head
                entry.record.progress.totalBytesToReceive = Self.bodyLength(announcedBy: head, expected: head.expectedContentLength)
                if let total = entry.record.progress.totalBytesToSend { entry.record.progress.bytesSent = total }
                if case .stream(_, let onHead) = entry.record.sink { headCallback = onHead }
            }
            delivery = Self.take(data, into: &entry, spooling: spooling)
        }
        if let head { headCallback?(head) }
        switch delivery {
        case .none: break
        case .stream(let chunk): chunk(data)
        case .spool(let file, let earlier):
            if !earlier.isEmpty { file.write(earlier) }
            file.write(data)
            if file.problem != nil { dataTask.cancelOffWorkQueue() }
        case .stop: dataTask.cancelOffWorkQueue()
        }
    }

    /// Files a chunk under the entry's sink, under the lock; writing happens after.
    private static func take(_ data: Data, into entry: inout Entry, spooling: ResponseSpooling?) -> Delivery {
        guard entry.problem == nil else { return .stop }
        switch entry.record.sink {
        case .stream(let chunk, _): return .stream(chunk)
        case .spool(let file): return .spool(file, earlier: Data())
        case .download: return .none
        case .collect(var collected):
            guard let spooling, collected.count + data.count > spooling.threshold else {
                // Moved out rather than copied, so the append does not copy what came before.
                entry.record.sink = .collect(Data())
                collected.append(data)
                entry.record.sink = .collect(collected)
                return .none
            }
            do {
                let file = try ResponseSpoolFile(in: spooling.directory)
                entry.record.sink = .spool(file)
                // What came before goes to the file first.
                return .spool(file, earlier: collected)
            } catch {
                entry.problem = TransportError(kind: .other, url: entry.record.url, detail: error.detail)
                entry.record.sink = .collect(Data())
                return .stop
            }
        }
    }

    private func report(_ identifier: Int, progress change: (inout TransferProgress) -> Void,
                        update: (inout Entry) -> Void = { _ in }) {
        let delivery = state.withLock { state -> (TransferProgress, @Sendable (TransferProgress) -> Void)? in
            // Moved out rather than copied: a copy would share the body buffer, and the append
            // in `take` would then copy everything received so far on every chunk.
            guard var entry = state.entries.removeValue(forKey: identifier) else { return nil }
            change(&entry.record.progress)
            update(&entry)
            state.entries[identifier] = entry
            return (entry.record.progress, entry.record.onProgress)
        }
        if let (progress, callback) = delivery { callback(progress) }
    }

    // MARK: - Downloads

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
                    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        let head = downloadTask.response as? HTTPURLResponse
        var tooLarge = false
        let limit = maximumBodySize
        report(downloadTask.taskIdentifier) { progress in
            progress.bytesReceived = totalBytesWritten
            guard totalBytesExpectedToWrite > 0 else { return }
            if let total = head.map({ Self.bodyLength(announcedBy: $0, expected: totalBytesExpectedToWrite) }) ?? totalBytesExpectedToWrite {
                progress.totalBytesToReceive = total
            }
        } update: { entry in
            guard let limit, entry.problem == nil, totalBytesWritten > limit else { return }
            entry.problem = .responseTooLarge(url: entry.record.url, limit: limit)
            tooLarge = true
        }
        // The partial file is removed when the task ends with the problem (`discardBody`).
        if tooLarge { downloadTask.cancelOffWorkQueue() }
    }

    /// The length a body will have as it arrives, when the head says so: libcurl decodes
    /// compressed bodies, so their announced length is not what arrives.
    private static func bodyLength(announcedBy head: HTTPURLResponse, expected: Int64) -> Int64? {
        let encoded = head.value(forHTTPHeaderField: "Content-Encoding").map { $0.lowercased() != "identity" } ?? false
        return expected >= 0 && !encoded ? expected : nil
    }

    /// The session deletes `location` when this returns, so the file is moved here and now.
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let identifier = downloadTask.taskIdentifier
        let entry = state.withLock { $0.entries[identifier] }
        guard let entry, case .download(let destination, _) = entry.record.sink else { return }
        do {
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.moveItem(at: location, to: destination)
        } catch {
            let problem = TransportError(kind: .other, url: entry.record.url,
                                         detail: "the downloaded file could not be moved into place: \(error.localizedDescription)")
            state.withLock { $0.entries[identifier]?.problem = problem }
        }
    }

    // MARK: - Completion

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = state.withLock({ $0.entries.removeValue(forKey: task.taskIdentifier) }) else { return }
        let completion = Self.completion(of: entry, response: entry.response ?? task.response as? HTTPURLResponse, error: error)
        if case .response = completion {} else { Self.discardBody(of: entry.record.sink) }
        entry.continuation.resume(returning: completion)
    }

    /// How a task ended, from what it collected and what the session reports.
    private static func completion(of entry: Entry, response: HTTPURLResponse?, error: (any Error)?) -> Completion {
        let url = entry.record.url
        if let problem = entry.problem { return .failure(problem) }
        if entry.cancelledByUser { return .failure(TransportError(kind: .cancelled, url: url, detail: "cancelled")) }
        if let error {
            let failure = TransportError(error, url: url)
            guard failure.kind == .cancelled, response != nil else { return .failure(failure) }
            // Linux ends a task with "cancelled" after the delegate rejects an auth challenge,
            // although the 401 and its body arrived: that is a normal response. A spooled fetch by
            // download task lost its file with the cancellation, so its caller asks again.
            if entry.record.sink.readsBack { return .challengedDownload(url: url) }
        }
        guard let response else {
            return .failure(TransportError(kind: .other, url: url, detail: "the task finished without a response"))
        }
        switch body(of: entry.record.sink, url: url) {
        case .success(let data): return .response(TransportResponse(response: response, data: data))
        case .failure(let error): return .failure(error)
        }
    }

    /// The body collected in memory, read back from its spool file or download, or none (streamed,
    /// or kept in the caller's file).
    private static func body(of sink: Sink, url: URL?) -> Result<Data, TransportError> {
        switch sink {
        case .collect(let data): return .success(data)
        case .spool(let file): return file.finish(request: url)
        case .stream, .download(_, nil): return .success(Data())
        case .download(let file, let threshold?): return ResponseSpoolFile.readBack(file, mappedAbove: threshold, request: url)
        }
    }

    /// Removes what a failed task left on disk for its own use (not a caller's download).
    private static func discardBody(of sink: Sink) {
        switch sink {
        case .spool(let file): file.discard()
        case .download(let file, _?): try? FileManager.default.removeItem(at: file)
        case .collect, .stream, .download(_, nil): break
        }
    }

    // MARK: - Redirects and challenges

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // 307 and 308 must repeat the method and body, but FoundationNetworking sends upload tasks
        // on with an empty body. Stop here: the task ends with the 307/308, and the transport
        // follows it with the body itself.
        let keepsBody = [307, 308].contains(response.statusCode) && task is URLSessionUploadTask
        guard followsRedirects, !keepsBody else { return completionHandler(nil) }
        // FoundationNetworking rebuilds the Location with the original scheme (L17), so the
        // target is judged on the header as sent, and credentials stay behind on another origin.
        let current = task.currentRequest?.url ?? response.url
        do throws(TransportError) {
            let target = try RedirectRules.target(of: response.value(forHTTPHeaderField: "Location") ?? "", from: current)
            let next = RedirectRules.redirected(request, from: current, to: target, trusted: trustsRedirects)
            let jar = state.withLock { $0.entries[task.taskIdentifier]?.record.cookies }
            let previous = task.currentRequest ?? URLRequest(url: response.url ?? target)
            completionHandler(RedirectCookies.following(next, from: previous, setting: CookieJar.setCookieHeaders(of: response), in: jar))
        } catch {
            // Not followed: the task ends with the redirect, and `problem` says why.
            state.withLock { $0.entries[task.taskIdentifier]?.problem = error }
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        Self.reject(completionHandler)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        Self.reject(completionHandler)
    }

    /// Credentials travel in the Authorization header; answering keeps a 401 from hanging forever
    /// on Linux. Answered from a global queue: a rejection cancels the task, which waits for the
    /// session's work queue, where this callback runs (`InlineDelegateQueue`).
    private static func reject(_ completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        DispatchQueue.global().async { completionHandler(.rejectProtectionSpace, nil) }
    }
}
