import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Receives every task event of a session and routes it to the task's record.
final class SessionDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    typealias Completion = CheckedContinuation<Result<TransportResponse, TransportError>, Never>

    struct TaskRecord {
        let url: URL?
        var progress: TransferProgress
        let onProgress: @Sendable (TransferProgress) -> Void
        var data = Data()
        var response: HTTPURLResponse?
        var continuation: Completion?
        var cancelledByUser = false
        /// When set, body chunks go here as they arrive instead of being collected.
        var sink: (@Sendable (Data) -> Void)?
        /// Called once, when the response head is known.
        var onHead: (@Sendable (HTTPURLResponse) -> Void)?
        /// For download tasks: where the finished file goes, and why it could not.
        var destination: URL?
        var moveProblem: String?
        /// The file a large body is being written to, and why spooling failed.
        var spool: ResponseSpoolFile?
        var spoolProblem: String?
        /// For a response fetched with a download task: the body is read back from `destination`
        /// and the file removed; bodies longer than this many bytes are mapped rather than read.
        var readsBackAbove: Int?

        init(url: URL?, progress: TransferProgress, onProgress: @escaping @Sendable (TransferProgress) -> Void,
             sink: (@Sendable (Data) -> Void)? = nil, onHead: (@Sendable (HTTPURLResponse) -> Void)? = nil) {
            self.url = url
            self.progress = progress
            self.onProgress = onProgress
            self.sink = sink
            self.onHead = onHead
        }
    }

    private struct State {
        var records: [Int: TaskRecord] = [:]
        /// Tasks cancelled before they were registered.
        var cancelledEarly: Set<Int> = []
    }

    private let state = Mutex(State())
    /// Whether redirects are followed; when not, a task ends with the 3xx response itself.
    let followsRedirects: Bool
    /// When set, bodies past its threshold are written to a file as they arrive.
    let spooling: ResponseSpooling?

    init(followsRedirects: Bool = true, spooling: ResponseSpooling? = nil) {
        self.followsRedirects = followsRedirects
        self.spooling = spooling
        super.init()
    }

    /// Registers a task; returns false (and completes it as cancelled) when it was cancelled already.
    func register(_ identifier: Int, record: TaskRecord, continuation: Completion) -> Bool {
        let cancelled = state.withLock { state -> Bool in
            if state.cancelledEarly.remove(identifier) != nil { return true }
            var record = record
            record.continuation = continuation
            state.records[identifier] = record
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
            if state.records[identifier] != nil {
                state.records[identifier]?.cancelledByUser = true
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

    // No `didReceive response` handler: every delegate method costs a hop through the delegate
    // queue, so the response head is read from the task when its first bytes (or its end) arrive.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let head = dataTask.response as? HTTPURLResponse
        var headCallback: (@Sendable (HTTPURLResponse) -> Void)?
        var sink: (@Sendable (Data) -> Void)?
        var spool: ResponseSpoolFile?
        var collected = Data()
        var cannotSpool = false
        let spooling = self.spooling
        report(dataTask.taskIdentifier) { progress in
            progress.bytesReceived += Int64(data.count)
        } update: { record in
            if record.response == nil, let head {
                record.response = head
                record.progress.totalBytesToReceive = Self.bodyLength(announcedBy: head, expected: head.expectedContentLength)
                if let total = record.progress.totalBytesToSend { record.progress.bytesSent = total }
                headCallback = record.onHead
                record.onHead = nil
            }
            if let recordSink = record.sink {
                sink = recordSink
            } else if record.spool != nil || record.spoolProblem != nil {
                spool = record.spool
                cannotSpool = record.spoolProblem != nil
            } else if let spooling, record.data.count + data.count > spooling.threshold {
                Self.startSpooling(&record, in: spooling.directory)
                spool = record.spool
                cannotSpool = record.spoolProblem != nil
                // What came before goes to the file first; swapped out, not copied.
                swap(&collected, &record.data)
            } else {
                record.data.append(data)
            }
        }
        // Outside the lock, in order: the delegate queue is serial.
        if let head { headCallback?(head) }
        sink?(data)
        if let spool {
            if !collected.isEmpty { spool.write(collected) }
            spool.write(data)
        }
        if cannotSpool || spool?.problem != nil {
            // The body cannot be kept whole: stop receiving; `finish` reports why.
            dataTask.cancel()
        }
    }

    private static func startSpooling(_ record: inout TaskRecord, in directory: URL) {
        do {
            record.spool = try ResponseSpoolFile(in: directory)
        } catch {
            record.spoolProblem = error.detail
        }
    }

    private func report(_ identifier: Int, progress change: (inout TransferProgress) -> Void,
                        update: (inout TaskRecord) -> Void = { _ in }) {
        let delivery = state.withLock { state -> (TransferProgress, @Sendable (TransferProgress) -> Void)? in
            // Moved out rather than copied: a copy would share the body buffer, and the append
            // below would then copy everything received so far on every chunk.
            guard var record = state.records.removeValue(forKey: identifier) else { return nil }
            change(&record.progress)
            update(&record)
            state.records[identifier] = record
            return (record.progress, record.onProgress)
        }
        if let (progress, callback) = delivery { callback(progress) }
    }

    // MARK: - Downloads

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
                    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        let head = downloadTask.response as? HTTPURLResponse
        report(downloadTask.taskIdentifier) { progress in
            progress.bytesReceived = totalBytesWritten
            guard totalBytesExpectedToWrite > 0 else { return }
            if let total = head.map({ Self.bodyLength(announcedBy: $0, expected: totalBytesExpectedToWrite) }) ?? totalBytesExpectedToWrite {
                progress.totalBytesToReceive = total
            }
        }
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
        guard let destination = state.withLock({ $0.records[identifier]?.destination }) else { return }
        do {
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.moveItem(at: location, to: destination)
        } catch {
            let problem = error.localizedDescription
            state.withLock { $0.records[identifier]?.moveProblem = problem }
        }
    }

    func moveProblem(_ identifier: Int) -> String? { state.withLock { $0.records[identifier]?.moveProblem } }

    // MARK: - Completion

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(task.taskIdentifier, response: task.response, error: error)
    }

    /// Ends a task: resumes its caller with the response it collected or the error.
    private func finish(_ identifier: Int, response: URLResponse?, error: (any Error)?) {
        guard let record = state.withLock({ $0.records.removeValue(forKey: identifier) }),
              let continuation = record.continuation else { return }
        let response = record.response ?? response as? HTTPURLResponse
        let result: Result<TransportResponse, TransportError>
        if let problem = record.spoolProblem ?? record.spool?.problem {
            result = .failure(TransportError(kind: .other, url: record.url, detail: problem))
        } else if record.cancelledByUser {
            result = .failure(TransportError(kind: .cancelled, url: record.url, detail: "cancelled"))
        } else if let error {
            let failure = TransportError(error, url: record.url)
            if failure.kind == .cancelled, response != nil, record.readsBackAbove != nil {
                // As below, but a download task's file is gone with the cancellation: the
                // transport asks again with a data task to get the body.
                result = .failure(TransportError(kind: .cancelled, url: record.url, detail: Self.challengedDownload))
            } else if failure.kind == .cancelled, let response {
                // Linux ends a task with "cancelled" after the delegate rejects an auth challenge,
                // although the 401 and its body arrived: that is a normal response.
                result = Self.body(of: record).map { TransportResponse(response: response, data: $0) }
            } else {
                result = .failure(failure)
            }
        } else if let problem = record.moveProblem {
            result = .failure(TransportError(kind: .other, url: record.url, detail: "the downloaded file could not be moved into place: \(problem)"))
        } else if let response {
            result = Self.body(of: record).map { TransportResponse(response: response, data: $0) }
        } else {
            result = .failure(TransportError(kind: .other, url: record.url, detail: "the task finished without a response"))
        }
        if case .failure = result {
            record.spool?.discard()
            if record.readsBackAbove != nil, let file = record.destination { try? FileManager.default.removeItem(at: file) }
        }
        continuation.resume(returning: result)
    }

    /// The detail of a download ended by a rejected authentication challenge (see `finish`).
    static let challengedDownload = "the download ended at an authentication challenge"

    /// The body collected in memory, or read back from its spool file or download.
    private static func body(of record: TaskRecord) -> Result<Data, TransportError> {
        if let threshold = record.readsBackAbove, let file = record.destination {
            return ResponseSpoolFile.readBack(file, mappedAbove: threshold, request: record.url)
        }
        guard let spool = record.spool else { return .success(record.data) }
        return spool.finish(request: record.url)
    }

    // MARK: - Redirects and challenges

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // 307 and 308 must repeat the method and body, but FoundationNetworking sends upload tasks
        // on with an empty body. Stop here: the task ends with the 307/308, and the transport
        // follows it with the body itself.
        let keepsBody = [307, 308].contains(response.statusCode) && task is URLSessionUploadTask
        completionHandler(keepsBody || !followsRedirects ? nil : request)
    }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        // Credentials travel in the Authorization header; answering keeps a 401 from hanging forever on Linux.
        completionHandler(.rejectProtectionSpace, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        completionHandler(.rejectProtectionSpace, nil)
    }
}
