import CourierTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `courier run` prints an event stream as it arrives: read from its terminal while it runs, the
/// first event is there long before the stream ends.
@Suite("courier run streams events")
struct StreamOutputTests {
    private var courier: String { Processes.productsDirectory.appendingPathComponent("courier").path }

    /// Starts `courier run ID ARGUMENTS` on a pseudo-terminal of its own, against the shared demo server.
    /// Standard error goes to `errors`, for the messages of failed expectations. `courier` starts
    /// its own demo server: this test reads the terminal on a thread of the shared pool, where
    /// the in-process server would have to run too.
    private func start(_ id: String, _ arguments: [String] = [], on terminal: PseudoTerminal, errors: URL) throws -> pid_t {
        try Processes.spawn([courier, "run", id, "--collections", Checkout.collections.path] + arguments,
                            stdin: "/dev/null", stdout: terminal.path, stderr: errors.path, environment: ["NO_COLOR": "1"])
    }

    /// Whether process `pid` is still running.
    private func running(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    @Test("SSE: each event with its time, name and id, the data pretty, the first before the stream ends")
    func serverSentEvents() async throws {
        let folder = try TemporaryDirectory()
        let errors = folder.url.appendingPathComponent("stderr")
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        // Ten events 200 ms apart: two seconds in all.
        let pid = try start("Demo/big/server-sent-events", on: terminal, errors: errors)
        let said = { String(decoding: terminal.output, as: UTF8.self) + "\nstderr: " + ((try? String(contentsOf: errors, encoding: .utf8)) ?? "") }
        #expect(terminal.read(until: "tick  id 1", timeout: 30), "the first event: \(said())")
        #expect(running(pid), "the first event is printed while the stream still runs")
        #expect(terminal.read(until: "tick  id 10", timeout: 30))
        let status = try await Processes.wait(for: pid, timeout: 30)
        let text = String(decoding: terminal.output, as: UTF8.self)
        #expect(status == 0, "\(said())")
        #expect(text.contains("  {\r\n    \"id\": 1,\r\n    \"message\": \"event 1 of 10\"\r\n  }"), "data pretty-printed: \(text)")
        #expect(!text.contains("retry: 500") && !text.contains("courier demo stream"), "fields and comments are read, not printed")
        #expect(text.range(of: #"\d\d:\d\d:\d\d\.\d\d\d  tick  id 3"#, options: .regularExpression) != nil)
    }

    @Test("NDJSON lines print as they arrive; --stream prints any body as it arrives")
    func jsonLinesAndForced() async throws {
        let folder = try TemporaryDirectory()
        let errors = folder.url.appendingPathComponent("stderr")
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let pid = try start("Demo/big/ndjson", on: terminal, errors: errors)
        #expect(terminal.read(until: "\"message\": \"line 1 of 10\"", timeout: 30),
                "\(String(decoding: terminal.output, as: UTF8.self)) \((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
        #expect(running(pid))
        #expect(terminal.read(until: "\"message\": \"line 10 of 10\"", timeout: 30))
        #expect(try await Processes.wait(for: pid, timeout: 30) == 0)

        let drip = try PseudoTerminal()
        defer { drip.close() }
        // 4000 bytes over three seconds, sent as application/octet-stream.
        let dripping = try start("Demo/big/slow-drip", ["--stream"], on: drip, errors: errors)
        #expect(drip.read(until: "*", timeout: 30))
        #expect(running(dripping), "with --stream the first bytes show before the body is complete")
        #expect(try await Processes.wait(for: dripping, timeout: 30) == 0)
    }
}
