@testable import CourierExplorer
import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// The Debug tab shows the timeout Courier applied, not the session timer set past it.
@Suite("Debug shows the applied timeout")
struct DebugTimeoutTests {
    private func debugLines(timeout: String?, _ directory: TemporaryDirectory) async throws -> [String] {
        let server = try await TestServer.shared().url
        try directory.write("API/collection.yaml", "baseUrl: \(server)\n")
        try directory.write("API/ping.yaml", "path: users\n" + (timeout.map { "timeout: \($0)\n" } ?? ""))
        let loaded = try #require(CollectionLoader.load(directory.url).request(id: "API/ping"))
        let backend = ExplorerBackend(demo: TestDemoURL(), spooling: nil)
        let resolution = try await backend.resolve(loaded, environment: nil)
        await backend.shutdown()
        let result = await RequestRunner.run(resolution.request)
        return SnapshotBuilder.snapshot(result, sequence: 1, received: 0, redactor: resolution.redactor).debugLines
    }

    @Test("timeout: 1 shows 1.0 s, and 0.5 shows 500 ms, as applied", arguments: [("1", "1.0 s"), ("0.5", "500 ms")])
    func applied(timeout: String, shown: String) async throws {
        let lines = try await debugLines(timeout: timeout, try TemporaryDirectory())
        #expect(lines.contains("timeout   \(shown)"), "\(lines)")
    }

    @Test("No timeout says none was set instead of a number nobody chose")
    func none() async throws {
        let lines = try await debugLines(timeout: nil, try TemporaryDirectory())
        #expect(lines.contains { $0.hasPrefix("timeout   none set") }, "\(lines)")
    }
}
