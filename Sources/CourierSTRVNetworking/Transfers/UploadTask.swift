import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What can be uploaded.
public enum UploadType: Sendable {
    /// Bytes, sent with this `Content-Type`.
    case data(Data, contentType: String)
    /// A file, read from disk as it is sent (its type is guessed from its extension).
    case file(URL)
}

/// One upload: its identifier and a way to cancel it. Observe it with
/// `UploadAPIManager.stateStream(for:)`.
public struct UploadTask: Sendable, Identifiable {
    /// An upload's identifier.
    public typealias ID = String

    /// A unique identifier: the call's.
    public let id: ID
    let transfer: Transfer<State>

    /// The latest state.
    public var state: State { transfer.state }

    /// Cancels the upload; its state ends with a `CancellationError`.
    public func cancel() { transfer.cancel() }
}

extension UploadTask {
    /// Where an upload is.
    public struct State: Sendable {
        /// Bytes sent so far.
        public var sentBytes: Int64
        /// Bytes to send.
        public var totalBytes: Int64
        /// Why the upload failed.
        public var error: (any Error)?
        /// The server's answer, once it arrived.
        public var response: Response?
        /// The task's state.
        public var taskState: TaskState

        /// The share sent, 0…1.
        public var fractionCompleted: Double { totalBytes > 0 ? min(1, Double(sentBytes) / Double(totalBytes)) : 0 }
        /// Whether the upload was cancelled.
        public var cancelled: Bool { error is CancellationError }
        /// Whether the upload timed out.
        public var timedOut: Bool { (error as? URLError)?.code == .timedOut }
        /// Whether the upload is still going.
        public var isRunning: Bool { taskState == .running }
        /// Whether the upload is suspended (never, on Courier's transports).
        public var isSuspended: Bool { taskState == .suspended }
        /// Whether the upload is being cancelled.
        public var isCanceling: Bool { taskState == .canceling }
        /// Whether the upload has ended, successfully or not.
        public var isCompleted: Bool { taskState == .completed }
    }
}
