import CourierCollections
import CourierDemoServer
import CourierTestSupport
import Foundation
import Testing

@Suite("Shell words")
struct ShellWordsTests {
    @Test("Quotes, escapes, $'…' and line continuations", arguments: [
        (#"curl 'a b' "c \"d\"" e\ f"#, ["curl", "a b", "c \"d\"", "e f"]),
        ("curl \\\n  -H 'x: y' \\\r\n  z", ["curl", "-H", "x: y", "z"]),
        (#"curl $'it\'s\n\x41\u00e9\101'"#, ["curl", "it's\nAéA"]),
        (#"curl 'it'\''s'"#, ["curl", "it's"]),
        (#"curl "a"'b'c"#, ["curl", "abc"]),
        (#"curl "\$HOME \` \\ \n""#, ["curl", "$HOME ` \\ \\n"]),
        ("", []),
    ])
    func split(line: String, words: [String]) throws {
        #expect(try ShellWords.split(line) == words)
    }

    @Test("An unterminated quote is an error", arguments: ["curl 'open", "curl \"open", "curl $'open"])
    func unterminated(line: String) {
        #expect(throws: ShellWords.ParseError.self) { try ShellWords.split(line) }
    }
}

@Suite("curl import")
struct CurlImportTests {
    @Test("Flags map onto the request")
    func flags() throws {
        let imported = try CurlImporter.parse("""
        curl -XPUT --url https://h.test/a?x=1 --header='X-A: 1' -A agent -e https://ref.test -u ada:pw -m 2.5 \
          --json '{"b":2,"a":1}' -k --trace-ascii out.txt
        """)
        let request = imported.request
        #expect(request.method == "PUT" && request.url == "https://h.test/a" && request.query == [Field(name: "x", value: "1")])
        #expect(request.headers.map(\.name) == ["X-A", "User-Agent", "Referer", "Content-Type", "Accept"])
        #expect(request.auth == .basic(user: "ada", password: "pw"))
        #expect(request.timeout == 2.5)
        #expect(request.body == .json(.object([("b", .number("2")), ("a", .number("1"))])))
        #expect(request.connection.insecure == true, "-k is insecure: true")
        // curl's option table says --trace-ascii takes a value, so out.txt is not read as a second URL.
        #expect(imported.warnings.contains("--trace-ascii out.txt ignored: it changes only what curl prints or writes, not the request"))
    }

    @Test("-G moves data into the query; -F builds multipart parts; --data-binary @file is a file reference")
    func dataShapes() throws {
        let get = try CurlImporter.parse("curl -G https://h.test/s -d q=a%20b --data-urlencode 'x=c d'").request
        #expect(get.method == "GET" && get.body == nil)
        // --data-urlencode writes a space as '+', which a query entry would send as %2B: the query stays as curl sends it.
        #expect(get.url == "https://h.test/s?q=a%20b&x=c+d" && get.query.isEmpty)
        let entries = try CurlImporter.parse("curl -G https://h.test/s -d q=a%20b -d 'x=y'").request
        #expect(entries.query == [Field(name: "q", value: "a b"), Field(name: "x", value: "y")])
        let form = try CurlImporter.parse(#"curl https://h.test/u -F 'a=1' -F 'f=@/tmp/x.png;type=image/png;filename="a;b.png"' --form-string 'c=@literal'"#).request
        #expect(form.method == "POST")
        #expect(form.body == .multipart([MultipartField(name: "a", value: "1"),
                                         MultipartField(name: "f", file: "/tmp/x.png", mime: "image/png", filename: "a;b.png"),
                                         MultipartField(name: "c", value: "@literal")]))
        let file = try CurlImporter.parse("curl https://h.test/u --data-binary @payload.bin -H 'Content-Type: application/octet-stream'",
                                          directory: URL(fileURLWithPath: "/data")).request
        #expect(file.body == .file("/data/payload.bin"))
        #expect(try CurlImporter.parse("curl -I https://h.test").request.method == "HEAD")
    }

    @Test("Not curl, no URL, or a header without a colon: a sentence")
    func failures() {
        #expect(throws: CurlImporter.ImportError.self) { try CurlImporter.parse("wget https://h.test") }
        #expect(throws: CurlImporter.ImportError.self) { try CurlImporter.parse("curl -H 'a: b'") }
        #expect(throws: CurlImporter.ImportError.self) { try CurlImporter.parse("curl https://h.test -H nocolon") }
    }

    private static func fixture(_ name: String) throws -> String {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name).txt")
        return try String(contentsOf: file, encoding: .utf8)
    }

    @Test("Browser 'Copy as cURL' commands import cleanly and export back to equivalent commands",
          arguments: ["chrome-json", "firefox-patch", "chrome-form", "chrome-multipart"])
    func browserFixtures(name: String) async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        // Point the fixture at the demo server's echo route.
        let original = try Self.fixture(name).replacingOccurrences(of: "https://api.example.com/", with: "\(server.url)/echo/")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let imported = try CurlImporter.parse(original)
        #expect(imported.warnings.allSatisfy { $0.hasPrefix("--compressed") }, "\(imported.warnings)")

        let directory = try TemporaryDirectory()
        let text = CollectionWriter.text(of: imported.request)
        try directory.write("Imported/\(name).yaml", text)
        let tree = CollectionLoader.load(directory.url)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics)")
        let loaded = try #require(tree.request(id: "Imported/\(name)"))
        let exported = try RequestResolver(context: TemplateContext()).resolve(loaded).cURL()

        // Browsers copy for bash ($'…' quoting), so bash runs the original.
        let first = try await Processes.run(["bash", "-c", original + " --silent --output /dev/null"])
        #expect(first.status == 0, "\(first.stderr)")
        let viaBrowser = try #require(server.statistics.journal.last)
        let second = try await Processes.shell(exported + " --silent --output /dev/null")
        #expect(second.status == 0, "\(second.stderr)\n\(exported)")
        let viaCourier = try #require(server.statistics.journal.last)

        #expect(viaCourier.method == viaBrowser.method && viaCourier.path == viaBrowser.path && viaCourier.query == viaBrowser.query)
        #expect(viaCourier.body == viaBrowser.body, "body differs:\n\(text)\n\(exported)")
        let words = try ShellWords.split(original)
        let explicit = words.indices.dropFirst().compactMap { index in ["-H", "--header"].contains(words[index - 1]) ? words[index] : nil }
        for header in explicit {
            let name = String(header[..<(header.firstIndex(of: ":") ?? header.endIndex)])
            #expect(viaCourier.header(name) == viaBrowser.header(name), "\(name) differs")
        }
        #expect(viaCourier.header("Cookie") == viaBrowser.header("Cookie"))
    }
}
