import CourierDemoServer
import CourierTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `courier test` and the capture/expect side of `courier run`, through the real binary against the
/// loopback demo server, with captured variables in a temporary state folder.
@Suite("courier test and captures across runs", .serialized)
struct CollectionTestCommandTests {
    private let under: CourierUnderTest
    private var courier: String { under.path }
    private var state: TemporaryDirectory { under.state }
    private var work: TemporaryDirectory { under.work }

    init() throws { under = try CourierUnderTest() }

    private func courier(_ arguments: [String], collections: URL = Checkout.collections, demoURL: String? = nil) async throws -> ProcessResult {
        try await under.run(arguments, collections: collections, demoURL: demoURL)
    }

    @Test("two courier run processes share the captured token; --fresh logs in again; --var wins")
    func tokenAcrossProcesses() async throws {
        let login = try await courier(["run", "Demo/flows/sign-in"])
        #expect(login.status == 0, "\(login.stderr)")
        let files = FileManager.default.enumerator(atPath: state.url.path)?.allObjects as? [String] ?? []
        let captures = try #require(files.first { $0.hasSuffix("none/captures.json") })
        #expect(captures.hasPrefix("courier/Demo-"))
        let saved = try String(contentsOf: state.url.appendingPathComponent(captures), encoding: .utf8)
        #expect(saved.contains("\"accessToken\"") && saved.contains("\"secret\" : true"))

        let me = try await courier(["run", "Demo/flows/profile", "--include"])
        #expect(me.status == 0, "\(me.stderr)")
        #expect(!me.stderr.contains("ran Demo/flows/sign-in first"))
        #expect(me.stdoutText.contains("\"username\":\"ada\""))

        let fresh = try await courier(["run", "Demo/flows/profile", "--fresh"])
        #expect(fresh.status == 0 && fresh.stderr.contains("ran Demo/flows/sign-in first (required): 200"))

        let overridden = try await courier(["run", "Demo/flows/profile", "--var", "accessToken=wrong"])
        #expect(overridden.status == 1)
        #expect(overridden.stderr.contains("✗ status == 200") && overridden.stderr.contains("expected == 200, actual 401"))
    }

    @Test("a first run of a request that requires another runs that one first")
    func requiresFirst() async throws {
        let me = try await courier(["run", "Demo/flows/profile"])
        #expect(me.status == 0, "\(me.stderr)")
        #expect(me.stderr.contains("courier: ran Demo/flows/sign-in first (required): 200"))
    }

    @Test("run exits 1 on a failed assertion, 0 with --no-expect on a 2xx; a cycle exits 2 naming it")
    func runExitCodes() async throws {
        let failing = try await courier(["run", "Demo/flows/failing-example"])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("failing-example.yaml:5:5: expected == \"Nobody\", actual \"Ada Lovelace\""))
        #expect(try await courier(["run", "Demo/flows/failing-example", "--no-expect"]).status == 0)

        try work.write("API/collection.yaml", "baseUrl: http://127.0.0.1:9\n")
        try work.write("API/a.yaml", "path: a\nrequires: b\n")
        try work.write("API/b.yaml", "path: b\nrequires: a\n")
        let cycle = try await courier(["run", "API/a"], collections: work.url)
        #expect(cycle.status == 2)
        #expect(cycle.stderr.contains("error: requires makes a cycle: API/a → API/b → API/a"))
    }

    @Test("courier test Demo passes offline: live lines, the closing summary, exit 0")
    func demoPasses() async throws {
        let result = try await courier(["test", "Demo"])
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("✓ Demo/flows/profile  200 · ") && $0.hasSuffix(" · 3/3 assertions") })
        #expect(lines.contains("- Demo/flows/failing-example  skipped"))
        // Skipped: flows/failing-example, and auth/oauth-authorization-code, which waits for a browser.
        #expect(lines.last?.hasSuffix(" passed, 0 failed, 2 skipped") == true)
    }

    @Test("exit codes: 1 for a failed assertion, 2 for a collection error, 3 for a transport error; --bail stops")
    func testExitCodes() async throws {
        let failed = try await courier(["test", "Demo/flows/failing-example", "Demo/flows/sign-in"])
        #expect(failed.status == 1)
        #expect(failed.stdoutText.contains("✗ Demo/flows/failing-example  200 · "))
        #expect(failed.stdoutText.contains("    ✗ body data/roles count >= 1\n"))
        #expect(failed.stdoutText.hasSuffix("\n1 passed, 1 failed\n"))
        let bailed = try await courier(["test", "Demo/flows/failing-example", "Demo/flows/sign-in", "--bail"])
        #expect(bailed.status == 1 && bailed.stdoutText.hasSuffix("\n0 passed, 1 failed\n"))

        try work.write("API/collection.yaml", "baseUrl: http://127.0.0.1:9\n")
        try work.write("API/down.yaml", "path: down\n")
        #expect(try await courier(["test", "API"], collections: work.url).status == 3)
        try work.write("API/broken.yaml", "path: x\nexpect:\n  - stauts == 200\n")
        let broken = try await courier(["test", "API"], collections: work.url)
        #expect(broken.status == 2)
        #expect(broken.stdoutText.contains("unknown source 'stauts' in an assertion; did you mean 'status'?"))
        #expect(try await courier(["test", "Nowhere"]).status == 2)
        #expect(try await courier(["test", "Demo", "--report", "xml:out"]).status == 2)
    }

    /// Whether `xmllint` is on PATH; the JUnit file is also checked by it then.
    static let hasXmllint = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/xmllint")
    }

    @Test("JUnit XML parses: a testsuite per folder, a testcase per request, failures with each assertion")
    func junit() async throws {
        let file = work.url.appendingPathComponent("junit.xml")
        let json = work.url.appendingPathComponent("report.json")
        let result = try await courier(["test", "Demo/flows", "Demo/flows/failing-example", "Demo/errors",
                                        "--report", "junit:\(file.path)", "--report", "json:\(json.path)"])
        #expect(result.status == 1)
        #if canImport(FoundationXML)
        let document = try XMLDocument(contentsOf: file, options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "11")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.compactMap { $0.attribute(forName: "name")?.stringValue } == ["Demo/flows", "Demo/errors"])
        let failures = try document.nodes(forXPath: "//testcase/failure")
        #expect(failures.count == 1)
        #expect(failures.first?.stringValue?.contains("✗ body data/name == \"Nobody\"") == true)
        #expect(try document.nodes(forXPath: "//testcase/skipped").count == 1)
        #endif
        if Self.hasXmllint {
            let lint = try await Processes.run(["xmllint", "--noout", file.path])
            #expect(lint.status == 0, "\(lint.stderr)")
        }
        let xml = try String(contentsOf: file, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"courier\""))
        #expect(!xml.contains("at-"), "the access token is masked")

        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Int])
        #expect(summary == ["passed": 9, "failed": 1, "errors": 0, "skipped": 1])
        let requests = try #require(report["requests"] as? [[String: Any]])
        let login = try #require(requests.first { $0["id"] as? String == "Demo/flows/sign-in" })
        let capture = try #require((login["captures"] as? [[String: Any]])?.first)
        #expect(capture["value"] as? String == "••••••" && capture["secret"] as? Bool == true)
        #expect((login["assertions"] as? [[String: Any]])?.count == 5)
    }

    @Test("TAP on stdout with --report tap, the human lines on stderr")
    func tap() async throws {
        let result = try await courier(["test", "Demo/flows/sign-in", "Demo/flows/failing-example", "--report", "tap"])
        #expect(result.status == 1)
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first == "TAP version 13")
        #expect(lines.contains("ok 1 - Demo/flows/sign-in"))
        #expect(lines.contains("not ok 2 - Demo/flows/failing-example"))
        #expect(lines.last == "1..2")
        #expect(result.stderr.contains("1 passed, 1 failed"))
    }

    @Test("--help of test and run documents the exit codes")
    func help() async throws {
        func help(_ command: String) async throws -> String {
            // Help is wrapped to the terminal's width: compare with single spaces.
            try await Processes.run([courier, command, "--help"]).stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        #expect(try await help("test").contains("Exit codes: 0 all passed · 1 an assertion failed · 2 usage or collection error · 3 transport error"))
        #expect(try await help("run").contains("1 failure (a request with expect: lines is judged by them alone, one without by its status"))
    }
}
