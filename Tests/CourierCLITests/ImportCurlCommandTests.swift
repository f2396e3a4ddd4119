import CourierTestSupport
import Foundation
import Testing

/// `courier import curl '<command>' --into ID` through the real binary: `@-` from its own standard
/// input, warnings on stderr, and the saved file.
@Suite("courier import curl")
struct ImportCurlCommandTests {
    private let under: CourierUnderTest

    init() throws { under = try CourierUnderTest() }

    private var collections: URL { under.work.url.appendingPathComponent("Collections") }

    private func courier(_ arguments: [String], input: String? = nil) async throws -> ProcessResult {
        try await Processes.run([under.path] + arguments + ["--collections", collections.path], input: input.map { Data($0.utf8) },
                                environment: ["XDG_STATE_HOME": under.state.url.path], timeout: 120)
    }

    @Test("@- reads courier's own standard input; a shell variable is saved as {{$env.NAME}} with a warning")
    func standardInputAndVariables() async throws {
        let command = #"curl -X wHat http://h.test/x -H "Authorization: Bearer $TOKEN" -H 'Content-Type: text/plain' --data-binary @-"#
        let result = try await courier(["import", "curl", command, "--into", "Imported/piped"], input: "piped body\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: $TOKEN (in the -H value): the shell fills it in; saved as {{$env.TOKEN}}"))
        let saved = try String(contentsOf: collections.appendingPathComponent("Imported/piped.yaml"), encoding: .utf8)
        #expect(saved.contains("method: wHat"), "\(saved)")
        #expect(saved.contains("Bearer {{$env.TOKEN}}"), "\(saved)")
        #expect(saved.contains(#"text: "piped body\n""#), "\(saved)")
    }

    @Test("A command curl would send as several requests is refused with exit 2 and a sentence, and nothing is written")
    func refused() async throws {
        let result = try await courier(["import", "curl", "curl http://h.test/a http://h.test/b", "--into", "Imported/two"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("the command names 2 URLs"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: collections.appendingPathComponent("Imported/two.yaml").path))
    }
}
