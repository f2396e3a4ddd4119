import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// `courier import FORMAT FILE… --into DIR` through the real binary: what it writes, what it lists,
/// its exit codes, and the shipped OpenAPI description of the demo server imported and run green.
@Suite("courier import of collection files")
struct ImportCommandTests {
    private let under: CourierUnderTest

    init() throws { under = try CourierUnderTest() }

    private var collections: URL { under.work.url.appendingPathComponent("Collections") }

    private func courier(_ arguments: [String]) async throws -> ProcessResult {
        try await under.run(arguments, collections: collections)
    }

    private static func fixture(_ path: String) -> String {
        Checkout.root.appendingPathComponent("Tests/CourierCollectionsTests/Fixtures/Import/\(path)").path
    }

    @Test("docs/demo-openapi.yaml imports with nothing unmapped, passes check, exports typed Swift, and courier test runs green against the demo server")
    func demoDescription() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let spec = Checkout.root.appendingPathComponent("docs/demo-openapi.yaml").path
        let imported = try await courier(["import", "openapi", spec, "--into", "DemoAPI"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("imported 15 request(s) from 1 file(s) into DemoAPI"))
        #expect(imported.stdoutText.contains("wrote DemoAPI/users/create-user.yaml"))
        #expect(!imported.stderr.contains("not mapped"))

        let check = try await courier(["check"])
        #expect(check.status == 0 && check.stderr.contains("15 requests and 1 environments checked: no problems"), "\(check.stderr)")

        // Nothing sent yet, so no History: the Swift export types the response from the examples the import kept.
        let swift = try await courier(["export", "DemoAPI/users/get-user", "--format", "swift"])
        #expect(swift.status == 0, "\(swift.stderr)")
        #expect(swift.stdoutText.contains("/// The response of Get a user, inferred from the examples of its request file."), "\(swift.stdoutText)")
        #expect(swift.stdoutText.contains("    let createdAt: String?\n"), "\(swift.stdoutText)")

        let test = try await courier(["test", "DemoAPI", "--env", "default", "--var", "port=\(server.port)", "--var", "token=courier-demo-token",
                                      "--var", "username=ada", "--var", "password=lovelace"])
        let output = test.stdoutText + test.stderr
        #expect(test.status == 0, "\(output)")
        #expect(output.contains("15 passed, 0 failed"), "\(output)")
    }

    @Test("Items that cannot be mapped are listed on stderr as file: item: reason and exit 1; the rest is written")
    func partial() async throws {
        let file = Self.fixture("postman/inherited-entities.postman_collection.json")
        let result = try await courier(["import", "postman", file, "--environment", Self.fixture("postman/inherited-entities.postman_environment.json"),
                                        "--into", "Inherited"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not mapped: \(file): collection: prerequest script (1 lines): runs for every request below it"))
        #expect(result.stderr.contains("imported 8 request(s) from 1 file(s) into Inherited; 11 item(s) could not be mapped (listed above)"))
        #expect(result.stdoutText.contains("wrote Inherited/environments/inherited-entities.secret.yaml"))
        let secret = collections.appendingPathComponent("Inherited/environments/inherited-entities.secret.yaml")
        #expect((try FileManager.default.attributesOfItem(atPath: secret.path)[.posixPermissions] as? Int) == 0o600)
        #expect(try await courier(["check"]).status == 0)
    }

    @Test("Every format's fixture imports into one collection and passes courier check", arguments: [
        ["insomnia", "insomnia/insomnia4.yaml", "insomnia/chained-responses-v5.yaml"],
        ["har", "har/chrome-deep.har"],
        ["http", "http/requests.http"],
        ["openapi", "openapi/petstore-3.0.yaml", "openapi/museum-3.1.yaml"],
        ["postman", "postman/museum.postman_collection.json"],
    ])
    func formats(arguments: [String]) async throws {
        let result = try await courier(["import", arguments[0]] + arguments.dropFirst().map(Self.fixture) + ["--into", "All/\(arguments[0])"])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("imported "))
        let check = try await courier(["check"])
        #expect(check.status == 0 && check.stderr.contains("no problems"), "\(check.stdoutText)\(check.stderr)")
    }

    @Test("Unreadable input and bad usage exit 2 with a sentence", arguments: [
        (["import", "openapi", "/nonexistent/spec.yaml", "--into", "X"], "cannot read /nonexistent/spec.yaml"),
        (["import", "har", "FIXTURE:postman/museum.postman_collection.json", "--into", "X"], "is not a HAR file: it has no log.entries list"),
        (["import", "http", "FIXTURE:http/requests.http", "--into", "../X"], "--into takes a folder below the collections directory"),
    ])
    func unreadable(arguments: [String], message: String) async throws {
        let resolved = arguments.map { $0.hasPrefix("FIXTURE:") ? Self.fixture(String($0.dropFirst(8))) : $0 }
        let result = try await courier(resolved)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: collections.appendingPathComponent("X").path))
    }

    @Test("import --help lists the formats and the exit codes")
    func help() async throws {
        let help = try await Processes.run([under.path, "import", "--help"]).stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("courier import postman|insomnia|openapi|har|http FILE… --into DIR"))
        #expect(help.contains("Exit codes: 0 everything mapped · 1 some items could not be mapped (listed) · 2 unreadable input or usage."))
        let postman = try await Processes.run([under.path, "import", "postman", "--help"]).stdoutText
        #expect(postman.contains("--environment"))
    }
}
