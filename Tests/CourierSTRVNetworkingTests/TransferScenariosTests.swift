import CourierSTRVNetworking
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The core's transfer scenarios (progress, cancellation, error statuses) through the STRV managers.
@Suite("STRV facade: downloads and uploads")
struct TransferScenariosTests {
    @Test("A chunked download of unknown length reports growing byte counts and ends with the whole file")
    func chunkedProgress() async throws {
        let folder = try TemporaryDirectory()
        try await Demo.start()
        let manager = DownloadAPIManager(downloadDirectory: folder.url)
        let (task, _) = try await manager.request(DemoRouter.echo("unused"), retryConfiguration: nil)
        for try await _ in manager.progressStream(for: task) {}
        #expect(task.state.downloadedFileURL?.path.hasPrefix(folder.url.path + "/") == true, "the file lands in the download folder")

        struct Chunked: Requestable {
            var baseURL: URL { Demo.url }
            var path: String { "bytes/2000000" }
            var urlParameters: [String: Any]? { ["chunked": 1] }
        }
        let (big, head) = try await manager.request(Chunked())
        #expect(head.response.expectedContentLength == -1)
        var counts: [Int64] = []
        for try await state in manager.progressStream(for: big) { counts.append(state.downloadedBytes) }
        #expect(counts.last == 2_000_000 && counts == counts.sorted())
        #expect(counts.count > 2, "progress arrives while the body streams")
        #expect(big.state.totalBytes == -1 && big.state.error == nil)
        #expect(await manager.allTasks.isEmpty)
    }

    @Test("Downloads the server names alike never replace each other's file: the second is `name (2)`")
    func sameNameTwice() async throws {
        let folder = try TemporaryDirectory()
        try await Demo.start()
        let manager = DownloadAPIManager(downloadDirectory: folder.url)
        let sizes = [1000, 2000, 3000]
        let tasks = try await withThrowingTaskGroup(of: DownloadTask.self) { group in
            for size in sizes { group.addTask { try await manager.request(url: Demo.url.appendingPathComponent("bytes/\(size)")).0 } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        var files: [URL] = []
        for task in tasks {
            for try await _ in manager.progressStream(for: task) {}
            files.append(try #require(task.state.downloadedFileURL))
        }
        #expect(Set(files.map(\.path)).count == 3, "three files, not one written three times: \(files)")
        let lengths = try files.map { try Data(contentsOf: $0).count }
        #expect(lengths.sorted() == sizes)
        let names = files.map(\.lastPathComponent).sorted()
        let first = try #require(names.first)
        #expect(names.dropFirst().allSatisfy { $0.hasPrefix((first as NSString).deletingPathExtension + " (") }, "\(names)")
    }

    @Test("A cancelled download ends with CancellationError and leaves no file")
    func cancelDownload() async throws {
        let folder = try TemporaryDirectory()
        try await Demo.start()
        let manager = DownloadAPIManager(downloadDirectory: folder.url)
        let (task, _) = try await manager.request(DemoRouter.bytes(1_000_000_000), retryConfiguration: nil)
        var final: DownloadState?
        for try await state in manager.progressStream(for: task) {
            if state.downloadedBytes > 0, state.error == nil { task.cancel() }
            final = state
        }
        #expect(final?.error is CancellationError)
        #expect(final?.downloadedFileURL == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "the partial file is removed")
    }

    @Test("A download whose start fails throws NetworkError after the configured retries")
    func failedDownload() async throws {
        try await Demo.start()
        let signal = SendSignal()
        let manager = DownloadAPIManager(requestAdapters: [signal])
        let twice = RetryConfiguration(retries: 1, delay: .constant(0)) { error in (error as? NetworkError)?.statusCode == 503 }
        await #expect(throws: NetworkError.self) { _ = try await manager.request(DemoRouter.status(503), retryConfiguration: twice) }
        #expect(signal.calls == 2)
        do {
            _ = try await manager.request(DemoRouter.status(404), retryConfiguration: twice)
        } catch let error as NetworkError {
            #expect(error.statusCode == 404)
        }
        #expect(signal.calls == 3, "the handler refused a 404")
    }

    @Test("An upload reports progress and can be cancelled; an error status is the final state's error")
    func uploadScenarios() async throws {
        let folder = try TemporaryDirectory()
        let base = try await Demo.start()
        let file = try folder.write("big.bin", String(repeating: "x", count: 8_000_000))
        let manager = UploadAPIManager()
        let upload = try await manager.upload(.file(file), to: base.appendingPathComponent("echo/big"))
        var sent: [Int64] = []
        for await state in await manager.stateStream(for: upload.id) { sent.append(state.sentBytes) }
        #expect(sent.last == 8_000_000 && sent == sent.sorted())

        let slow = try await manager.upload(.data(Data("x".utf8), contentType: "text/plain"), to: base.appendingPathComponent("delay/30"))
        #expect(await manager.task(with: slow.id) != nil)
        slow.cancel()
        var last: UploadTask.State?
        for await state in await manager.stateStream(for: slow.id) { last = state }
        #expect(last?.cancelled == true && last?.isCompleted == true)

        let refused = try await manager.upload(.data(Data(), contentType: "text/plain"), to: base.appendingPathComponent("status/413"))
        for await state in await manager.stateStream(for: refused.id) { last = state }
        #expect((last?.error as? NetworkError)?.statusCode == 413)
        #expect((last?.response?.response as? HTTPURLResponse)?.statusCode == 413)
        #expect(await manager.activeTasks.isEmpty)
        var unknown = 0
        for await _ in await manager.stateStream(for: "no such task") { unknown += 1 }
        #expect(unknown == 0)
        withExtendedLifetime(folder) {}
    }
}
