import CourierTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `courier demo-server` as a user runs it: the real binary, real sockets, real signals.
@Suite("courier demo-server")
struct DemoServerCommandTests {
    private var courier: String { Processes.productsDirectory.appendingPathComponent("courier").path }

    @Test("Serves on the port it prints and stops cleanly on SIGTERM and SIGINT", arguments: [SIGTERM, SIGINT])
    func servesAndStops(signal: Int32) async throws {
        try await ExclusiveTime.run { try await exclusiveServesAndStops(signal: signal) }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveServesAndStops(signal: Int32) async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: output) }
        let pid = try Processes.spawn([courier, "demo-server", "--port", "0"], stdout: output.path)
        var url: String?
        for _ in 0..<400 where url == nil {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            url = text.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map { String($0.split(separator: "\n")[0]) }
            if url == nil { try await Task.sleep(for: .milliseconds(25)) }
        }
        let base = try #require(url, "the server never printed its URL")
        let users = try await Processes.run(["curl", "--silent", "--show-error", "\(base)/users?per_page=3"])
        #expect(users.stdoutText.contains("\"per_page\":3"))

        kill(pid, signal)
        let status = try await Processes.wait(for: pid, timeout: 10)
        #expect(status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8).contains("Demo server stopped."))
        let after = try await Processes.run(["curl", "--silent", "\(base)/users"])
        #expect(after.status == 7, "the port must be closed after the server stops")
}

    @Test("A port out of range or in use is a sentence and exit code 2")
    func badPort() async throws {
        let outOfRange = try await Processes.run([courier, "demo-server", "--port", "70000"])
        #expect(outOfRange.status == 2)
        #expect(outOfRange.stderr == "courier: --port must be between 0 and 65535, got 70000.\n")

        // Hold a port with a plain socket so the command finds it taken.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        listen(listener, 1)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let inUse = try await Processes.run([courier, "demo-server", "--port", "\(port)"])
        #expect(inUse.status == 2)
        #expect(inUse.stderr.contains("Could not listen on 127.0.0.1:\(port)") && inUse.stderr.contains("Try --port 0."))
    }
}
