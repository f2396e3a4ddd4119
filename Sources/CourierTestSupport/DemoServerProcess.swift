import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `courier demo-server --port 0` in a child process: a demo server that no test in this process
/// can slow down by holding Swift's few concurrency threads, for tests that measure a transfer.
public final class DemoServerProcess: Sendable {
    /// The server's base URL, as it printed it.
    public let url: String
    private let pid: pid_t
    private let log: URL

    /// Starts the server with the `courier` binary at `courier` and waits for its URL.
    public init(courier: String) async throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-\(UUID().uuidString).log")
        pid = try Processes.spawn([courier, "demo-server", "--port", "0"], stdout: log.path)
        var found: String?
        for _ in 0..<800 where found == nil {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            found = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init)
            if found == nil { try await Task.sleep(for: .milliseconds(25)) }
        }
        guard let found else {
            kill(pid, SIGKILL)
            throw TestSupportError("courier demo-server never printed its URL")
        }
        url = found
    }

    /// Stops the server and waits for it.
    public func stop() async {
        kill(pid, SIGTERM)
        _ = try? await Processes.wait(for: pid, timeout: 10)
        try? FileManager.default.removeItem(at: log)
    }
}
