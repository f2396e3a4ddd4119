import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// Hostile variables through the built binary against a loopback server: a path variable that
/// tries to climb out of its segment, and a header variable that tries to add a header line.
@Suite("courier run and curl with hostile variables")
struct HostileInputTests {
    private static let traversal = "../../admin%0d%0aX-Injected:1"

    private func collection(_ courier: CourierUnderTest) throws -> URL {
        try courier.work.write("H/collection.yaml", "name: H\nbaseUrl: \"{{$demo}}\"\n")
        try courier.work.write("H/echo.yaml", "path: \"echo/{{p}}\"\nheaders:\n  - {name: X-Trace, value: \"{{t}}\"}\n")
        return courier.work.url
    }

    @Test("A path variable is sent as one segment, by courier run and by the real curl running courier curl's command")
    func traversalStaysInItsSegment() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let courier = try CourierUnderTest()
        let collections = try collection(courier)
        let variables = ["--var", "p=\(Self.traversal)", "--var", "t=ok"]

        let run = try await courier.run(["run", "H/echo"] + variables, collections: collections, demoURL: server.url)
        #expect(run.status == 0, "\(run.stderr)")
        let viaCourier = try #require(server.statistics.journal.last)
        #expect(viaCourier.path == "/echo/..%2F..%2Fadmin%250d%250aX-Injected:1")

        let command = try await courier.run(["curl", "H/echo"] + variables, collections: collections, demoURL: server.url)
        #expect(command.status == 0, "\(command.stderr)")
        let viaCurl = try await Processes.shell(command.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) + " --silent --output /dev/null")
        #expect(viaCurl.status == 0, "\(viaCurl.stderr)")
        #expect(server.statistics.journal.last?.path == viaCourier.path)
    }

    @Test("A header value with CR/LF is refused with a sentence by run (exit 2, nothing sent) and by curl and export")
    func lineBreakInHeader() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let courier = try CourierUnderTest()
        let collections = try collection(courier)
        let variables = ["--var", "p=x", "--var", "t=1\r\nX-Admin: 1"]
        for command in [["run"], ["curl"], ["export", "--format", "httpie"]] {
            let result = try await courier.run(command + ["H/echo"] + variables, collections: collections, demoURL: server.url)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(command) printed: \(result.stdoutText)")
            #expect(result.stderr.contains("H/echo.yaml:3:"), "\(result.stderr)")
            #expect(result.stderr.contains("the value of header X-Trace (filled in from {{t}}) contains a line break (CR/LF)"), "\(result.stderr)")
        }
        #expect(server.statistics.journal.isEmpty, "nothing reached the server")
    }
}
