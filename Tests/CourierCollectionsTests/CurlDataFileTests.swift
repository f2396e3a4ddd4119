@testable import CourierCollections
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

/// `-d @file`, `--data-binary @file` and `--json @file` imported, saved, exported by `courier curl`
/// and run by the real curl: the demo server receives the same bytes as from the original command.
@Suite("curl import: data read from files", .serialized)
struct CurlDataFileTests {
    /// CR LF and LF line ends, form characters, a NUL and a byte that is no UTF-8.
    static let payload = Data("line one\r\nline two\nname=value & more\n".utf8) + Data([0, 0xFF, 0x0A])

    enum Saved: Sendable {
        /// The request refers to the file (`body: file:`).
        case reference(String)
        /// The request holds the text curl sends.
        case text(String)
    }

    @Test("The server receives what the original command sent", arguments: [
        ("-d @body.txt", Saved.text("a=1&b=2")),
        ("-d @body.txt -d c=3", .text("a=1&b=2&c=3")),
        ("--data-ascii @body.txt", .text("a=1&b=2")),
        ("--data-binary @payload.bin", .reference("payload.bin")),
        ("--data-binary @payload.bin -H 'Content-Type: application/octet-stream'", .reference("payload.bin")),
        ("--json @doc.json", .reference("doc.json")),
    ])
    func sameBytes(options: String, saved: Saved) async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let folder = try TemporaryDirectory()
        try folder.write("body.txt", "a=1\r\n&b=2\n")
        try Self.payload.write(to: folder.url.appendingPathComponent("payload.bin"))
        try folder.write("doc.json", "{\"a\": 1,\r\n \"b\": [2]}\n")
        let command = "curl \(server.url)/echo \(options)"

        let imported = try CurlImporter.parse(command, directory: folder.url)
        switch (saved, imported.request.body) {
        case (.reference(let file), .file(let path)?):
            #expect(path == folder.url.appendingPathComponent(file).path)
            #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        case (.text(let text), .text(let body)?):
            #expect(body == text)
            #expect(imported.warnings == [
                "the content of body.txt was copied into the request with its CR and LF removed, as curl's -d @body.txt sends it; "
                    + "a file reference (body: file:) would send the file as it is, as --data-binary @body.txt does (which keeps a reference)",
            ])
        default:
            Issue.record("saved as \(String(describing: imported.request.body)), expected \(saved)")
        }

        let original = try #require(try await CurlCorpusTests.received(running: command, in: folder.url, server: server).request)
        let exported = try CurlCorpusTests.reexported(imported, in: folder)
        let again = try #require(try await CurlCorpusTests.received(running: exported, in: folder.url, server: server).request, "\(exported)")
        #expect(again.body == original.body, "\(exported)")
        #expect(CurlCorpusTests.difference(original, again) == nil, "\(exported)")
        #expect(original.header("Content-Type") == again.header("Content-Type"))
    }
}
