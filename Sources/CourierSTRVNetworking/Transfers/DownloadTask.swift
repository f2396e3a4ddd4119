import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One download: its identifier, its state, and a way to cancel it. It stands where the
/// original returns a `URLSessionDownloadTask`: the download runs through Courier's transport.
public final class DownloadTask: Sendable, Identifiable, Hashable {
    /// A unique identifier: the call's.
    public let id: String
    /// The request as it was sent, after adapters.
    public let originalRequest: URLRequest?
    let transfer = Transfer(DownloadState())

    init(id: String, request: URLRequest?) {
        self.id = id
        originalRequest = request
    }

    /// The latest state.
    public var state: DownloadState { transfer.state }

    /// Cancels the download; its state ends with a `CancellationError` and no file.
    public func cancel() { transfer.cancel() }

    public static func == (lhs: DownloadTask, rhs: DownloadTask) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Where a download is.
public struct DownloadState: Sendable {
    /// Bytes written to the file so far.
    public var downloadedBytes: Int64 = 0
    /// The body's length; -1 while unknown (chunked or compressed bodies).
    public var totalBytes: Int64 = -1
    /// The task's state.
    public var taskState: TaskState = .running
    /// Why the download failed.
    public var error: (any Error)?
    /// The downloaded file, once complete.
    public var downloadedFileURL: URL?

    /// The share written, 0…1; 0 while the length is unknown.
    public var fractionCompleted: Double {
        totalBytes > 0 ? min(1, Double(downloadedBytes) / Double(totalBytes)) : 0
    }
}
