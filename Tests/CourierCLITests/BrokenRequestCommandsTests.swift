import CourierTestSupport
import Foundation
import Testing

/// A request file with errors is listed, checked and refused by the real binary, never sent as something else.
@Suite("courier on a request with errors", .serialized)
struct BrokenRequestCommandsTests {
    private var courier: String { Processes.productsDirectory.appendingPathComponent("courier").path }

    @Test("run, curl and check refuse `methd:` and `jsn:` with file:line:column; list still shows the request, says why and exits 1")
    func typoIsRefused() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://127.0.0.1:1\n")
        try directory.write("API/create.yaml", "methd: POST\npath: users\nbody:\n  jsn: {name: Ada}\n")
        let collections = ["--collections", directory.url.path]
        let run = try await Processes.run([courier, "run", "API/create"] + collections, timeout: 60)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("API/create.yaml:1:1: error: unknown key 'methd' in a request file; did you mean 'method'?"), "\(run.stderr)")
        #expect(run.stderr.contains("API/create.yaml:4:3: error: unknown key 'jsn' in body; did you mean 'json'?"), "\(run.stderr)")
        let curl = try await Processes.run([courier, "curl", "API/create"] + collections, timeout: 60)
        #expect(curl.status == 2 && curl.stdout.isEmpty, "\(curl.stderr)")
        let check = try await Processes.run([courier, "check"] + collections, timeout: 60)
        #expect(check.status == 1)
        #expect(check.stdoutText.contains("API/create.yaml:1:1: error: unknown key 'methd'"))
        let list = try await Processes.run([courier, "list"] + collections, timeout: 60)
        #expect(list.stdoutText.contains("?       API/create"), "\(list.stdoutText)")
        #expect(list.status == 1 && list.stderr.contains("API/create.yaml:1:1: error: unknown key 'methd'"), "\(list.stderr)")
    }

    @Test("run, curl and export refuse a request whose collection.yaml has `heders:`, with file:line:column, exit 2")
    func settingsTypoIsRefused() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://127.0.0.1:1\nheders:\n  - {name: X-Team, value: a}\n")
        try directory.write("API/users/list.yaml", "path: users\n")
        let collections = ["--collections", directory.url.path]
        for command in [["run"], ["curl"], ["export", "--format", "httpie"]] {
            let result = try await Processes.run([courier] + command + ["API/users/list"] + collections, timeout: 60)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("API/collection.yaml:2:1: error: unknown key 'heders' in collection.yaml; did you mean 'headers'?"),
                    "\(command): \(result.stderr)")
        }
    }

    @Test("A usage error exits 2, as DESIGN's table says, with the usage on stderr")
    func usageExitsTwo() async throws {
        let result = try await Processes.run([courier, "run", "--no-such-flag"], timeout: 60)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Error: ") && result.stderr.contains("Usage: courier run"), "\(result.stderr)")
    }
}
