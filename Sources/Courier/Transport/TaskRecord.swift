import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SessionDelegate {
    /// Where a task's response body goes as it arrives.
    enum Sink {
        /// Collected in memory (spilling into a spool file past the delegate's spooling threshold).
        case collect(Data)
        /// Written to a spool file, handed back memory-mapped when the task ends.
        case spool(ResponseSpoolFile)
        /// Handed to a consumer chunk by chunk; `head` is called once, when the response head is known.
        case stream(chunk: @Sendable (Data) -> Void, head: @Sendable (HTTPURLResponse) -> Void)
        /// Written to `file` by a download task. With `readBackAbove`, the body is read back into
        /// the response (mapped when longer) and the file removed: a spooled fetch rather than a
        /// download the caller keeps.
        case download(to: URL, readBackAbove: Int?)

        /// Whether the body is read back from a download task's file into the response.
        var readsBack: Bool {
            if case .download(_, _?) = self { return true }
            return false
        }
    }

    /// How a task ended, as its caller is told.
    enum Completion: Sendable {
        /// A response and its body (empty when it went to a stream or a kept download).
        case response(TransportResponse)
        /// A failure below HTTP, cancellation included.
        case failure(TransportError)
        /// A spooled fetch by download task ended at an authentication challenge: Linux drops the
        /// body of a download task that way, so the caller asks again with a data task (L3).
        case challengedDownload(url: URL?)

        /// The response, or the error to throw.
        func get() throws(TransportError) -> TransportResponse {
            switch self {
            case .response(let response): return response
            case .failure(let error): throw error
            case .challengedDownload(let url):
                throw TransportError(kind: .cancelled, url: url, detail: "the download ended at an authentication challenge")
            }
        }
    }

    /// What the transport tells the delegate about a task it starts.
    struct TaskRecord {
        let url: URL?
        var progress: TransferProgress
        let onProgress: @Sendable (TransferProgress) -> Void
        var sink: Sink
        /// The jar a redirect stores its cookies in (`RedirectCookies`): the delegate's callbacks
        /// run on the session's work queue, where the sending task's task-local is out of reach.
        let cookies: CookieJar?

        /// - Parameter cookies: Read from the sending task by default (a default argument is
        ///   evaluated where the record is made).
        init(url: URL?, progress: TransferProgress, onProgress: @escaping @Sendable (TransferProgress) -> Void, sink: Sink = .collect(Data()),
             cookies: CookieJar? = RedirectCookies.jar) {
            self.url = url
            self.progress = progress
            self.onProgress = onProgress
            self.sink = sink
            self.cookies = cookies
        }
    }

    /// A registered task: its record, its caller, and what happened so far.
    struct Entry {
        var record: TaskRecord
        let continuation: CheckedContinuation<Completion, Never>
        /// The response head, once known.
        var response: HTTPURLResponse?
        /// Cancelled by its caller: its `URLError.cancelled` is not the one Linux reports after a
        /// rejected authentication challenge.
        var cancelledByUser = false
        /// Why the body could not be kept (a spool file or a downloaded file that failed); the
        /// task ends with it whatever the session reports.
        var problem: TransportError?
    }
}
