import Courier
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

@Suite("Large response bodies spooled to a file")
struct ResponseSpoolingTests {
    private func endpoint(spoolingAbove threshold: Int, in folder: URL) async throws -> Endpoint {
        try await makeEndpoint(transport: URLSessionTransport(spooling: ResponseSpooling(above: threshold, in: folder)))
    }

    private func files(in folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    /// A POST to /drip: a request with a body goes through a data task, whose chunks the transport spools itself.
    private func drip(bytes: Int, seconds: Double) -> DefaultRequest<Data, String> {
        DefaultRequest(path: "drip?bytes=\(bytes)&duration=\(seconds)", method: .post, body: .raw(Data("go".utf8)))
    }

    @Test("A GET past the threshold is downloaded to a file and comes back whole, mapped; error bodies survive; nothing is left behind")
    func downloadedBodies() async throws {
        let folder = try TemporaryDirectory()
        let endpoint = try await endpoint(spoolingAbove: 100_000, in: folder.url)
        let bytes = try await DefaultRequest<Data, String>(path: "bytes/3000000", method: .get).asyncExecute(on: endpoint)
        #expect(bytes.count == 3_000_000)
        #expect(bytes.indices.allSatisfy { bytes[$0] == DeterministicBytes.byte(at: $0) }, "every byte in place")
        let small = try await DefaultRequest<Data, String>(path: "bytes/500", method: .get).asyncExecute(on: endpoint)
        #expect(small.count == 500)
        let head = try await DefaultRequest<Data, String>(path: "bytes/500", method: .head).asyncExecute(on: endpoint)
        #expect(head.isEmpty, "a HEAD has no body to download")
        let redirected = try await DefaultRequest<Data, String>(path: "redirect/302?to=/bytes/700", method: .get).asyncExecute(on: endpoint)
        #expect(redirected.count == 700, "a download follows redirects like a data task")

        // A gzip body arrives decoded, its total unknown rather than the compressed length.
        let transfers = Recorder<TransferProgress>()
        let gzip = DefaultRequest<Envelope<[String: AnyCodableValue]>, String>(path: "gzip", method: .get)
            .execute(on: endpoint)
            .onTransferProgress { transfers.append($0) }
        #expect(try await outcome(of: gzip).get().data["gzipped"] == .bool(true))
        #expect(transfers.values.allSatisfy { $0.totalBytesToReceive == nil })

        // A 404's body names the error; a 401 after a rejected Basic challenge keeps its body too (L3).
        let missing = DefaultRequest<Data, APIError>(path: "users/999", method: .get, errorConverter: KeyPathResponseConverter(path: "error"))
        await #expect { try await missing.asyncExecute(on: endpoint) } throws: { error in
            (error as? ErrorResponse<APIError>)?.serverError?.code == "not_found"
        }
        var challenged = DefaultRequest<Data, APIError>(path: "basic-auth/spooling/secret", method: .get, errorConverter: KeyPathResponseConverter(path: "error"))
        challenged.headers.authToken = .basic(username: "spooling", password: "wrong")
        // A path of this test's own on the shared server, so other tests' requests are not counted.
        let server = try await TestServer.shared()
        let before = server.statistics.count(for: "/basic-auth/spooling/secret")
        await #expect { try await challenged.asyncExecute(on: endpoint) } throws: { error in
            (error as? ErrorResponse<APIError>)?.serverError?.code == "unauthorized"
        }
        #expect(server.statistics.count(for: "/basic-auth/spooling/secret") - before == 2,
                "the download loses the challenged body, so the GET is asked again with a data task")
        #expect(files(in: folder.url).isEmpty, "each download is removed once read or mapped")
    }

    @Test("A body sent with a request is spooled while it arrives once past the threshold, and not before")
    func spoolsWhileArriving() async throws {
        let folder = try TemporaryDirectory()
        let endpoint = try await endpoint(spoolingAbove: 100_000, in: folder.url)
        // Three seconds of drip: the file exists while the body arrives, and a poll held back on a
        // loaded machine must still find it there.
        let request = Task { try await drip(bytes: 1_000_000, seconds: 3).asyncExecute(on: endpoint) }
        var sawFile = false
        for _ in 0..<600 where !sawFile {
            sawFile = files(in: folder.url).contains { $0.hasPrefix("courier-response-") }
            if !sawFile { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(try await request.value == Data(repeating: UInt8(ascii: "*"), count: 1_000_000))
        #expect(sawFile, "a spool file existed during the transfer")
        #expect(files(in: folder.url).isEmpty, "the spool file is unlinked once mapped")

        // Under the threshold: watched while it drips in, no file ever shows.
        let small = Task { try await drip(bytes: 90_000, seconds: 0.5).asyncExecute(on: endpoint) }
        var sawSmallFile = false
        for _ in 0..<40 where !sawSmallFile {
            sawSmallFile = !files(in: folder.url).isEmpty
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await small.value.count == 90_000)
        #expect(!sawSmallFile)
    }

    @Test("An unwritable spool folder fails the request with a sentence that names it")
    func unwritableFolder() async throws {
        let endpoint = try await endpoint(spoolingAbove: 1000, in: URL(fileURLWithPath: "/nonexistent-courier-spool"))
        let sentence = "the response body could not be spooled to /nonexistent-courier-spool: the folder is not writable"
        for request in [DefaultRequest<Data, String>(path: "bytes/50000", method: .get), drip(bytes: 50000, seconds: 0)] {
            do {
                _ = try await request.asyncExecute(on: endpoint)
                Issue.record("\(request.method) succeeded without a place for its body")
            } catch {
                #expect(error.description.contains(sentence), "\(error.description)")
            }
        }
        // A body under the threshold from a data task needs no file.
        #expect(try await drip(bytes: 500, seconds: 0).asyncExecute(on: endpoint).count == 500)
    }

    @Test("A cancelled spooled transfer leaves no file")
    func cancelledTransfer() async throws {
        let folder = try TemporaryDirectory()
        let endpoint = try await endpoint(spoolingAbove: 10_000, in: folder.url)
        let request = Task { try await drip(bytes: 500_000, seconds: 5).asyncExecute(on: endpoint) }
        for _ in 0..<500 where files(in: folder.url).isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!files(in: folder.url).isEmpty, "spooling had started")
        request.cancel()
        await #expect(throws: ErrorResponse<String>.self) { try await request.value }
        #expect(files(in: folder.url).isEmpty)

        let download = Task { try await DefaultRequest<Data, String>(path: "drip?bytes=500000&duration=5", method: .get).asyncExecute(on: endpoint) }
        try await Task.sleep(for: .milliseconds(300))
        download.cancel()
        await #expect(throws: ErrorResponse<String>.self) { try await download.value }
        #expect(files(in: folder.url).isEmpty)
    }
}
