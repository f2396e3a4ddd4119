import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import Synchronization

/// Counts bytes each way and reports them as `TransferProgress`.
final class ProgressMeter: Sendable {
    private let state: Mutex<TransferProgress>
    private let report: (@Sendable (TransferProgress) -> Void)?

    init(toSend: Int64?, report: (@Sendable (TransferProgress) -> Void)?) {
        state = Mutex(TransferProgress(totalBytesToSend: toSend))
        self.report = report
    }

    /// Whether anyone observes progress; when not, what only feeds the report is skipped.
    var reports: Bool { report != nil }

    func sent(_ count: Int) { update { $0.bytesSent += Int64(count) } }

    func received(_ count: Int) { update { $0.bytesReceived += Int64(count) } }

    /// The head is in: the upload is complete, and the download's size is known unless it is
    /// compressed (decoded bytes are counted, not the encoded ones announced).
    func headArrived(length: Int64?, encoded: Bool) {
        update { progress in
            if let total = progress.totalBytesToSend { progress.bytesSent = total }
            progress.totalBytesToReceive = encoded ? nil : length
        }
    }

    private func update(_ change: (inout TransferProgress) -> Void) {
        guard let report else { return }
        report(state.withLock { progress in
            change(&progress)
            return progress
        })
    }
}

/// A file as a sequence of 1 MiB buffers, read as the client asks for them.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let url: URL
    let meter: ProgressMeter

    struct AsyncIterator: AsyncIteratorProtocol {
        let url: URL
        let meter: ProgressMeter
        var file: FileHandle?
        var finished = false

        mutating func next() async throws -> ByteBuffer? {
            guard !finished else { return nil }
            if file == nil {
                guard let opened = FileHandle(forReadingAtPath: url.path) else {
                    throw TransportError(kind: .other, url: nil, detail: "the body file \(url.path) could not be read")
                }
                file = opened
            }
            guard let data = try file?.read(upToCount: 1 << 20), !data.isEmpty else {
                finished = true
                try? file?.close()
                return nil
            }
            meter.sent(data.count)
            return ByteBuffer(bytes: data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(url: url, meter: meter) }
}

/// Lets an `AsyncThrowingStream(unfolding:)` pull from a response body, stopping past the size
/// limit and reporting failures as `TransportError`s. Unchecked: the stream calls its unfolding
/// closure for one consumer, one `next()` at a time, so the iterator is never used concurrently.
final class ChunkIterator: @unchecked Sendable {  // safe: one consumer, one next() at a time (see above)
    private var iterator: HTTPClientResponse.Body.AsyncIterator
    private let limit: Int?
    private let url: URL?
    private var received = 0

    init(_ iterator: HTTPClientResponse.Body.AsyncIterator, limit: Int?, url: URL?) {
        self.iterator = iterator
        self.limit = limit
        self.url = url
    }

    func next() async throws(TransportError) -> ByteBuffer? {
        let chunk: ByteBuffer?
        do {
            chunk = try await iterator.next()
        } catch {
            throw ErrorClassification.transportError(error, url: url, limit: limit)
        }
        received += chunk?.readableBytes ?? 0
        if let limit, received > limit { throw TransportError.responseTooLarge(url: url, limit: limit) }
        return chunk
    }
}
