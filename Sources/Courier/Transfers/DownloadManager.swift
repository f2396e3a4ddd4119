import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads straight to files: the body streams to disk as it arrives, so memory stays
/// flat whatever the size. Each download has an id, a stream of states and can be cancelled.
///
/// ```swift
/// let downloads = DownloadManager(endpoint: endpoint)
/// let id = downloads.download(DefaultRequest<Data, String>(path: "bytes/1000000000", method: .get), to: file)
/// for await state in downloads.states(for: id) { print(state) }
/// ```
public final class DownloadManager: Sendable {
    public let endpoint: Endpoint
    private let registry = TransferRegistry()

    public init(endpoint: Endpoint) { self.endpoint = endpoint }

    /// Starts downloading `request`'s response body into `destination`, which is replaced only
    /// when the download completes (it is written next to it first).
    @discardableResult
    public func download<R: Request>(_ request: R, to destination: URL) -> TransferID {
        let id = TransferID(value: UUID())
        registry.add(id)
        let registry = self.registry
        let endpoint = self.endpoint
        registry.attach(Task {
            registry.update(id, await Self.run(request, endpoint: endpoint, to: destination) { registry.update(id, $0) })
        }, to: id)
        return id
    }

    /// Starts downloading `url` (absolute, or relative to the endpoint) into `destination`.
    @discardableResult
    public func download(url: String, to destination: URL) -> TransferID {
        download(DefaultRequest<Data, String>(path: url, method: .get), to: destination)
    }

    /// The states of download `id`, starting with the latest; ends after the final one.
    public func states(for id: TransferID) -> AsyncStream<TransferState> { registry.states(id) }

    /// Waits for download `id` to end and returns its final state.
    public func result(of id: TransferID) async -> TransferState { await registry.result(id) }

    /// Cancels download `id`; its partial file is removed.
    public func cancel(_ id: TransferID) { registry.cancel(id) }

    private static func run<R: Request>(_ request: R, endpoint: Endpoint, to destination: URL,
                                        report: @escaping @Sendable (TransferState) -> Void) async -> TransferState {
        let folder = destination.deletingLastPathComponent()
        let partial = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
        // Checked before anything is sent, so an unwritable target costs no transfer.
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            return .failed("The download cannot be written to \(destination.path): the folder \(folder.path) is missing or not writable.")
        }
        var completed = false
        defer { if !completed { try? FileManager.default.removeItem(at: partial) } }
        let throttle = ProgressThrottle()
        let pipeline = RequestPipeline(request: request, endpoint: endpoint, options: .init())
        let received = await pipeline.download(to: partial) { progress in
            if throttle.shouldReport(progress.bytesReceived) { report(TransferRegistry.progress(progress, upload: false)) }
        }
        if Task.isCancelled { return .cancelled }
        let response: HTTPURLResponse
        switch received {
        case .success(let answer): response = answer
        case .failure(let error): return error.isCancelled ? .cancelled : .failed(error.description)
        }
        if response.statusCode >= 400 {
            let body = (try? FileHandle(forReadingFrom: partial).read(upToCount: 1 << 20)) ?? Data()
            return .failed(pipeline.failure(for: response, body: body).description)
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: partial.path)[.size]) as? NSNumber)?.int64Value ?? 0
        try? FileManager.default.removeItem(at: destination)
        do {
            try FileManager.default.moveItem(at: partial, to: destination)
        } catch {
            return .failed("The download finished but could not be moved to \(destination.path): \(error.localizedDescription)")
        }
        completed = true
        let total = response.expectedContentLength
        report(.progress(bytes: size, total: total >= 0 ? total : nil, fraction: total > 0 ? 1 : nil))
        return .completed(file: destination, statusCode: response.statusCode)
    }
}

/// Lets progress through about every 1 % or 256 KB, so a fast transfer does not flood listeners.
final class ProgressThrottle: Sendable {
    private let last = Mutex<Int64>(-1)

    func shouldReport(_ bytes: Int64) -> Bool {
        last.withLock { last in
            guard last < 0 || bytes - last >= 256 * 1024 else { return false }
            last = bytes
            return true
        }
    }
}
