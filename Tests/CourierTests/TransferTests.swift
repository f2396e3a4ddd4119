import Courier
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Streaming, downloads and uploads")
struct TransferTests {

    @Test("A response streams: the head arrives first, the body in several chunks; an error status is a sentence")
    func streaming() async throws {
        let endpoint = try await makeEndpoint()
        let streamed = try await DefaultRequest<Data, String>(path: "drip?bytes=3000&duration=0.6", method: .get).stream(on: endpoint)
        #expect(streamed.response.statusCode == 200)
        var chunks = 0
        var total = 0
        for try await chunk in streamed.body {
            chunks += 1
            total += chunk.count
        }
        #expect(total == 3000)
        #expect(chunks > 1, "the body arrived as it was sent, not at the end")
        await #expect(throws: ErrorResponse<String>.self) {
            _ = try await DefaultRequest<Data, String>(path: "status/404", method: .get).stream(on: endpoint)
        }
    }

    @Test("A download goes to the file with progress states; the bytes match an in-memory request")
    func download() async throws {
        let endpoint = try await makeEndpoint()
        let folder = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent("bytes.bin")
        let downloads = DownloadManager(endpoint: endpoint)
        let id = downloads.download(url: "bytes/3000000", to: target)
        var states: [TransferState] = []
        for await state in downloads.states(for: id) { states.append(state) }
        #expect(states.last == .completed(file: target, statusCode: 200))
        let fractions = states.compactMap { if case .progress(_, _, let fraction) = $0 { fraction } else { nil } }
        #expect(fractions.count >= 2 && fractions.last == 1)
        let expected = try await DefaultRequest<Data, String>(path: "bytes/3000000", method: .get).asyncExecute(on: endpoint)
        #expect(try Data(contentsOf: target) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["bytes.bin"], "no partial file left")
    }

    @Test("An unwritable target fails before sending; a cancelled download leaves no file")
    func downloadFailures() async throws {
        let endpoint = try await makeEndpoint()
        let downloads = DownloadManager(endpoint: endpoint)
        let missing = URL(fileURLWithPath: "/nonexistent-courier-folder/out.bin")
        let failed = await downloads.result(of: downloads.download(url: "bytes/10", to: missing))
        #expect(failed == .failed("The download cannot be written to /nonexistent-courier-folder/out.bin: the folder /nonexistent-courier-folder is missing or not writable."))

        let folder = try TemporaryDirectory()
        let id = downloads.download(url: "drip?bytes=50000&duration=5", to: folder.url.appendingPathComponent("slow.bin"))
        for await state in downloads.states(for: id) {
            if case .progress(let bytes, _, _) = state, bytes > 0 { break }
        }
        downloads.cancel(id)
        #expect(await downloads.result(of: id) == .cancelled)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)

        let notFound = await downloads.result(of: downloads.download(url: "status/404", to: folder.url.appendingPathComponent("x")))
        guard case .failed(let sentence) = notFound else {
            Issue.record("expected a failure, got \(notFound)")
            return
        }
        #expect(sentence.contains("404"))
    }

    @Test("A file uploads as the body with progress; a missing file is a sentence")
    func uploadFile() async throws {
        let endpoint = try await makeEndpoint()
        let folder = try TemporaryDirectory()
        let content = Data.pattern(count: 600_000)
        let file = folder.url.appendingPathComponent("payload.bin")
        try content.write(to: file)
        let uploads = UploadManager(endpoint: endpoint)
        let id = uploads.upload(file: file, to: "echo/upload", method: .put)
        var states: [TransferState] = []
        for await state in uploads.states(for: id) { states.append(state) }
        #expect(states.last == .completed(file: nil, statusCode: 200))
        #expect(states.contains { if case .progress(let bytes, let total, _) = $0 { bytes > 0 && total == 600_000 } else { false } })

        let echo = try await DefaultRequest<Echo, String>(path: "echo/upload", method: .put, body: .file(file)).asyncExecute(on: endpoint)
        #expect(echo.bodySize == content.count)
        #expect(echo.header("Content-Length") == "600000")
        #expect(echo.bodyData == content)

        let missing = await uploads.result(of: uploads.upload(file: folder.url.appendingPathComponent("nope.bin"), to: "echo"))
        guard case .failed(let sentence) = missing else {
            Issue.record("expected a failure, got \(missing)")
            return
        }
        #expect(sentence.contains("nope.bin") && sentence.contains("no such file"), "\(sentence)")
    }

    @Test("Multipart bodies above the threshold are spooled to a file with an exact length, and the file is removed")
    func spooledMultipart() async throws {
        let endpoint = try await makeEndpoint()
        endpoint.multipartSpoolThreshold = 1000
        let spool = try TemporaryDirectory()
        endpoint.spoolDirectory = spool.url
        let content = Data.pattern(count: 300_000)
        let request = DefaultMultipartFormDataRequest<Envelope<UploadSummary>, String>(
            path: "upload", method: .post, body: .form([("note", "spooled")]),
            files: [DefaultMultipartFile(resource: content, mime: .application(.octetStream), fileName: "big.bin")])
        let summary = try await request.asyncExecute(on: endpoint).data
        #expect(summary.parts.map(\.name) == ["note", "big.bin"])
        #expect(summary.parts.last?.size == content.count)
        #expect(summary.parts.last?.sha256 == sha256Hex(content))
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.url.path).isEmpty, "the temporary file is gone once the request ended")
        endpoint.spoolDirectory = URL(fileURLWithPath: "/nonexistent-courier-spool")
        let unwritable = await outcome(of: request.execute(on: endpoint))
        guard case .failure(.invalidRequest(let reason)) = unwritable else {
            Issue.record("expected a build failure, got \(unwritable)")
            return
        }
        #expect(reason.description.contains("/nonexistent-courier-spool"))
    }
}

@Suite("Unreadable upload sources")
struct UnreadableUploadTests {
    @Test("A multipart file that is a folder or missing fails with a sentence, spooled or not", arguments: [0 as Int64, 8 << 20])
    func unreadable(threshold: Int64) async throws {
        let endpoint = try await makeEndpoint()
        endpoint.multipartSpoolThreshold = threshold
        let spool = try TemporaryDirectory()
        endpoint.spoolDirectory = spool.url
        let folder = try TemporaryDirectory()
        for (resource, reason) in [(folder.url, folder.url.path), (folder.url.appendingPathComponent("missing.bin"), "no such file")] {
            let request = DefaultMultipartFormDataRequest<Data, String>(
                path: "upload", method: .post,
                files: [DefaultMultipartFile(resource: resource, mime: .application(.octetStream), fileName: "x.bin")])
            let result = await outcome(of: request.execute(on: endpoint))
            guard case .failure(.invalidRequest(let sentence)) = result else {
                Issue.record("expected a build failure, got \(result)")
                continue
            }
            #expect(sentence.description.contains(reason), "\(sentence)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.url.path).isEmpty, "a failed spool leaves no file")
    }
}
