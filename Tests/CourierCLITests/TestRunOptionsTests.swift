import CourierTestSupport
import Foundation
import Testing

/// `courier test --data`, `--iterations`, `--delay` and `--jobs`, through the real binary.
@Suite("courier test: data rows, iterations and parallel folders", .serialized)
struct TestRunOptionsTests {
    private let under: CourierUnderTest
    private var state: TemporaryDirectory { under.state }
    private var work: TemporaryDirectory { under.work }

    init() throws {
        under = try CourierUnderTest()
        try work.write("API/collection.yaml", "baseUrl: \"{{$demo}}\"\n")
        try work.write("API/rows/echo.yaml", """
            path: echo
            query:
              - {name: name, value: "{{name}}"}
            expect:
              - body query == "name={{name}}"
              - body method == "GET"
            """)
        try work.write("API/a/capture.yaml", "path: echo/alpha\ncapture:\n  fromA: body path\n")
        try work.write("API/b/first.yaml", "path: echo/beta\n")
        try work.write("API/b/check.yaml", "path: \"echo{{raw fromA}}\"\nexpect:\n  - body path == \"/echo/echo/alpha\"\n")
    }

    private func courier(_ arguments: [String]) async throws -> ProcessResult {
        try await under.run(arguments, collections: work.url)
    }

    @Test("--data runs the selection once per CSV row, quoted fields included")
    func csvRows() async throws {
        let rows = try work.write("rows.csv", "name,unused\nada,1\n\"alan\",\"x, \"\"y\"\"\"\r\ngrace,3")
        let result = try await courier(["test", "API/rows", "--data", rows.path])
        #expect(result.status == 0, "\(result.stdoutText)")
        #expect(result.stdoutText.hasSuffix("\n3 passed, 0 failed\n"))
        let bad = try work.write("bad.csv", "name,n\nada\n")
        let refused = try await courier(["test", "API/rows", "--data", bad.path])
        #expect(refused.status == 2 && refused.stderr.contains("bad.csv:2: 1 fields where the header names 2"))
    }

    @Test("--data takes a JSON array of objects; --var wins over a row; --iterations repeats")
    func jsonRowsAndIterations() async throws {
        let rows = try work.write("rows.json", #"[{"name": "ada", "n": 1}, {"name": "alan", "n": 2.5}]"#)
        let result = try await courier(["test", "API/rows", "--data", rows.path, "--iterations", "2", "--delay", "5"])
        #expect(result.status == 0, "\(result.stdoutText)")
        #expect(result.stdoutText.hasSuffix("\n4 passed, 0 failed\n"))
        let overridden = try await courier(["test", "API/rows", "--data", rows.path, "--var", "name=ada"])
        #expect(overridden.status == 0 && overridden.stdoutText.hasSuffix("\n2 passed, 0 failed\n"))
        #expect(try await courier(["test", "API/rows", "--iterations", "0"]).status == 2)
    }

    @Test("--jobs: each top-level folder sees only its own new captures; all are written back at the end")
    func parallelFolders() async throws {
        // In order, b runs after a and sees what a captured.
        let sequential = try await courier(["test", "API/a", "API/b"])
        #expect(sequential.status == 0, "\(sequential.stdoutText)")
        try FileManager.default.removeItem(at: state.url.appendingPathComponent("courier"))

        // In parallel, b (slowed down) does not see a's new capture, though a finished long before.
        let parallel = try await courier(["test", "API/a", "API/b", "--jobs", "2", "--delay", "300"])
        #expect(parallel.status == 2)
        #expect(parallel.stdoutText.contains("✓ API/a/capture"))
        #expect(parallel.stdoutText.contains("! API/b/check  ") && parallel.stdoutText.contains("undefined variable 'fromA'"))
        // Written back at the end: the next run has it.
        let again = try await courier(["test", "API/b/check"])
        #expect(again.status == 0, "\(again.stdoutText)")
    }
}
