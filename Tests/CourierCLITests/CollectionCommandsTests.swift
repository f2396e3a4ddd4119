import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// `courier list`, `check`, `run` and `curl` on the shipped collections, through the real binary.
// Serialized: each test spawns many processes, and several at once starve the timing tests of other suites.
@Suite("courier collection commands", .serialized)
struct CollectionCommandsTests {
    private var courier: String { Processes.productsDirectory.appendingPathComponent("courier").path }

    /// Captured variables go here, not to the home folder.
    private let state: TemporaryDirectory

    init() throws { state = try TemporaryDirectory() }

    private func courier(_ arguments: [String], demoURL: String? = nil) async throws -> ProcessResult {
        var environment = ["XDG_STATE_HOME": state.url.path]
        if let demoURL { environment["COURIER_DEMO_URL"] = demoURL }
        return try await Processes.run([courier] + arguments + ["--collections", Checkout.collections.path], environment: environment, timeout: 120)
    }

    private func demoIds() async throws -> [String] {
        let list = try await courier(["list"])
        // Request lines are "METHOD  id"; folder lines are "name/".
        return list.stdoutText.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            return words.count == 2 && words[1].hasPrefix("Demo/") ? String(words[1]) : nil
        }
    }

    @Test("check passes on the shipped collections")
    func checkShipped() async throws {
        let result = try await courier(["check"])
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderr)")
        #expect(result.stderr.contains("no problems"))
    }

    @Test("check fails with exact file:line:column messages on broken files")
    func checkBroken() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://localhost:1\n")
        try directory.write("API/ok.yaml", "path: fine\n")
        try directory.write("API/bad.yaml", "path: x\ntimeout: soon\nheders: []\n")
        try directory.write("API/environments/dev.yaml", "token: [unclosed\n")
        let result = try await Processes.run([courier, "check", "--collections", directory.url.path])
        #expect(result.status == 1)
        let lines = result.stdoutText.split(separator: "\n").map { String($0.split(separator: "/API/").last ?? "") }
        #expect(lines.contains("bad.yaml:2:10: error: timeout must be a number, found the value 'soon'"))
        #expect(lines.contains { $0.hasPrefix("bad.yaml:3:1: error: unknown key 'heders' in a request file; did you mean 'headers'?") })
        #expect(lines.contains { $0.hasPrefix("environments/dev.yaml:2:1: error: malformed YAML") })
        #expect(result.stderr.contains("2 requests and 1 environments checked: 3 error(s), 0 warning(s)"))
    }

    @Test("every Demo request runs against the auto-started demo server")
    func runEveryDemoRequest() async throws {
        try await ExclusiveTime.run { try await exclusiveRunEveryDemoRequest() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveRunEveryDemoRequest() async throws {
        let ids = try await demoIds()
        #expect(ids.count >= 12)
        // Flows share captured ids and tokens, which a demo server started per command does not know: `courier test` runs them.
        for id in ids where !id.hasPrefix("Demo/flows/") && id != Self.waitsForBrowser {
            let result = try await courier(["run", id])
            #expect(result.status == 0, "\(id): \(result.stderr)")
            #expect(!result.stdout.isEmpty || id == "Demo/users/delete-user", "\(id) printed nothing")
        }
}

    @Test("run --include --converted, --output and exit codes")
    func runOptions() async throws {
        let server = try await TestServer.shared()
        let included = try await courier(["run", "Demo/errors/not-found", "--include", "--converted", "--no-expect"], demoURL: server.url)
        #expect(included.status == 1)
        #expect(included.stdoutText.hasPrefix("HTTP/1.1 404 Not Found\n"))
        #expect(included.stdoutText.hasSuffix("\n\n{\"code\":\"not_found\",\"message\":\"User 999 not found\",\"status\":404}"))

        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("avatar.json").path
        let saved = try await courier(["run", "Demo/files/upload-avatar", "--output", file], demoURL: server.url)
        #expect(saved.status == 0 && saved.stderr.hasPrefix("Saved "))
        #expect(FileManager.default.contents(atPath: file)?.isEmpty == false)

        let pretty = try await courier(["run", "Demo/users/get-user", "--converted", "--pretty", "--var", "userId=5"], demoURL: server.url)
        #expect(pretty.stdoutText.hasPrefix("{\n  \"created_at\": \"2024-05-14T09:30:00Z\",\n"))

        let refused = try await courier(["run", "Demo/users/get-user"], demoURL: "http://127.0.0.1:9")
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("Could not connect to 127.0.0.1:9"))

        let missing = try await courier(["run", "Demo/users/nope"])
        #expect(missing.status == 2 && missing.stderr.contains("no request 'Demo/users/nope'"))
        let undefined = try await courier(["run", "Demo/users/get-user", "--env", "nope"])
        #expect(undefined.status == 2 && undefined.stderr.contains("no environment 'nope'; known: local"))
    }

    /// The request that waits for a person to sign in in a browser (OAuth 2.0 authorization code);
    /// `OAuth2GrantTests` drives that grant with a test standing in for the browser.
    private static let waitsForBrowser = "Demo/auth/oauth-authorization-code"

    /// Its run deletes the cookie it sends (`Max-Age=0`), so the command printed after it sends none.
    private static let deletesItsCookie = "Demo/cookies/delete-cookie"

    /// Headers whose values are fresh on every send ({{$uuid}}), compared by presence only.
    private static let dynamicHeaders: Set<String> = ["x-request-id", "x-trace"]
    /// Headers each client adds by itself.
    private static let clientHeaders: Set<String> = ["host", "accept-encoding", "accept-language", "content-length", "expect", "connection"]

    @Test("for every Demo request, the printed curl command makes the server receive what courier run sends")
    func curlMatchesRun() async throws {
        try await ExclusiveTime.run { try await exclusiveCurlMatchesRun() }
    }

    /// Runs apart from other CPU-heavy or timing-sensitive tests (see `ExclusiveTime`).
    private func exclusiveCurlMatchesRun() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        // Demo/connections reach other listeners than `server`, which ConnectionCommandTests
        // drives with the real curl (certificates, proxy).
        for id in try await demoIds() where id != Self.waitsForBrowser && !id.hasPrefix("Demo/connections/") {
            let run = try await courier(["run", id], demoURL: server.url)
            let viaCourier = try #require(server.statistics.journal.last, "\(id) reached no server")
            let command = try await courier(["curl", id], demoURL: server.url)
            #expect(command.status == 0, "\(id): \(command.stderr)")
            let viaCurl = try await Processes.shell(command.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) + " --silent --output /dev/null")
            #expect(viaCurl.status == 0, "\(id): curl failed: \(viaCurl.stderr)")
            let received = try #require(server.statistics.journal.last)
            // A presigned AWS URL carries its signature in the query; courier signs in headers.
            #expect(received.method == viaCourier.method && received.path == viaCourier.path
                    && Signatures.unsigned(received.query) == Signatures.unsigned(viaCourier.query), "\(id)")
            if viaCourier.header("Content-Type")?.hasPrefix("multipart/form-data") == true {
                // curl -F picks its own boundary; the parts must be the same.
                #expect(received.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true, "\(id)")
                #expect(Self.parts(of: received) == Self.parts(of: viaCourier), "\(id)")
            } else {
                #expect(received.body == viaCourier.body, "\(id) body differs")
            }
            for (name, value) in viaCourier.headers where !Self.clientHeaders.contains(name.lowercased()) {
                if Signatures.isSignature(name: name, value: value) {
                    continue  // AuthCommandsTests checks that curl's own answer or presigned URL is accepted.
                } else if id == Self.deletesItsCookie && name.lowercased() == "cookie" {
                    #expect(received.header(name) == nil, "\(id): the jar still sends \(name)")
                } else if Self.dynamicHeaders.contains(name.lowercased()) {
                    #expect(received.header(name) != nil, "\(id): \(name) missing")
                } else if !(name.lowercased() == "content-type" && value.hasPrefix("multipart/")) {
                    #expect(received.header(name) == value, "\(id): \(name) differs")
                }
            }
            _ = run
        }
}

    /// The parts of a multipart body, without the boundary lines.
    private static func parts(of request: ReceivedRequest) -> [String] {
        guard let boundary = request.header("Content-Type")?.components(separatedBy: "boundary=").last else { return [] }
        let text = String(decoding: request.body, as: UTF8.self)
        return text.components(separatedBy: "--" + boundary).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && $0 != "--" }
    }
}
