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

    @Test("A body past the threshold goes to a file while it arrives, comes back whole, and leaves nothing behind")
    func spoolsLargeBody() async throws {
        let folder = try TemporaryDirectory()
        let endpoint = try await endpoint(spoolingAbove: 100_000, in: folder.url)
        let request = Task { try await DefaultRequest<Data, String>(path: "drip?bytes=1000000&duration=1", method: .get).asyncExecute(on: endpoint) }
        // The file appears while the body is still arriving.
        var sawFile = false
        for _ in 0..<200 where !sawFile {
            sawFile = files(in: folder.url).contains { $0.hasPrefix("courier-response-") }
            if !sawFile { try await Task.sleep(for: .milliseconds(10)) }
        }
        let body = try await request.value
        #expect(sawFile, "a spool file existed during the transfer")
        #expect(body == Data(repeating: UInt8(ascii: "*"), count: 1_000_000))
        #expect(files(in: folder.url).isEmpty, "the spool file is unlinked once mapped")

        let bytes = try await DefaultRequest<Data, String>(path: "bytes/3000000", method: .get).asyncExecute(on: endpoint)
        #expect(bytes.count == 3_000_000)
        #expect(bytes.indices.allSatisfy { bytes[$0] == DeterministicBytes.byte(at: $0) }, "every byte in place")
        #expect(files(in: folder.url).isEmpty)
    }

    @Test("A body under the threshold never touches the disk")
    func smallBodyStaysInMemory() async throws {
        let folder = try TemporaryDirectory()
        let endpoint = try await endpoint(spoolingAbove: 100_000, in: folder.url)
        let request = Task { try await DefaultRequest<Data, String>(path: "drip?bytes=90000&duration=0.5", method: .get).asyncExecute(on: endpoint) }
        // Watched while the body drips in: spooling from the first byte would show a file throughout.
        var sawFile = false
        for _ in 0..<40 where !sawFile {
            sawFile = !files(in: folder.url).isEmpty
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await request.value.count == 90_000)
        #expect(!sawFile)
    }

    @Test("An unwritable spool folder fails the request with a sentence that names it")
    func unwritableFolder() async throws {
        let endpoint = try await endpoint(spoolingAbove: 1000, in: URL(fileURLWithPath: "/nonexistent-courier-spool"))
        do {
            _ = try await DefaultRequest<Data, String>(path: "bytes/50000", method: .get).asyncExecute(on: endpoint)
            Issue.record("the request succeeded without a place for its body")
        } catch {
            #expect(error.description.contains("the response body could not be spooled to /nonexistent-courier-spool: the folder is not writable"),
                    "\(error.description)")
        }
        // The same endpoint answers small bodies from memory.
        #expect(try await DefaultRequest<Data, String>(path: "bytes/500", method: .get).asyncExecute(on: endpoint).count == 500)
    }

    @Test("A cancelled spooled transfer leaves no file")
    func cancelledTransfer() async throws {
        let folder = try TemporaryDirectory()
        let endpoint = try await endpoint(spoolingAbove: 10_000, in: folder.url)
        let request = Task { try await DefaultRequest<Data, String>(path: "drip?bytes=500000&duration=5", method: .get).asyncExecute(on: endpoint) }
        for _ in 0..<500 where files(in: folder.url).isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!files(in: folder.url).isEmpty, "spooling had started")
        request.cancel()
        await #expect(throws: ErrorResponse<String>.self) { try await request.value }
        #expect(files(in: folder.url).isEmpty)
    }
}
