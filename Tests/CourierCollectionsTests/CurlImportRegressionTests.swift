import CourierCollections
import Testing

/// Inputs the curl-import fuzz target found: what the importer accepts saves and loads back.
@Suite("curl import, refused where a saved file would not load back")
struct CurlImportRegressionTests {
    @Test("-X with something other than letters, and entries without a name, are refused with a sentence, not saved as a file the loader refuses")
    func methodMustBeAWord() throws {
        #expect(throws: CurlImporter.ImportError.self) { try CurlImporter.parse("curl -X 'PATCH(' http://example.com/users/1") }
        do {
            _ = try CurlImporter.parse("curl --request 'GET /x' http://example.com")
            Issue.record("a method with a space was imported")
        } catch {
            #expect(error.description == "--request takes a method, found 'GET /x': \(RequestDefinition.methodNameRule)")
        }
        #expect(throws: CurlImporter.ImportError.self) { try CurlImporter.parse("curl -F '=@photo.png;type=image/png' http://localhost/upload") }
        // A query entry without a name cannot be a request file's entry: the query stays in the URL, as curl sends it.
        #expect(try CurlImporter.parse("curl 'https://example.com/?=x&a=1'").request.url == "https://example.com/?=x&a=1")
        #expect(throws: CurlImporter.ImportError.self) { try CurlImporter.parse("curl -H ': value' https://example.com/") }
        // "=" alone once trapped (index out of range) in the -G data splitter.
        #expect(try CurlImporter.parse("curl -G -d '&&=&&' http://example.com/").request.url == "http://example.com/?=")
        #expect(try CurlImporter.parse("curl -G -d 'a=' -d 'b=B' http://example.com/").request.query == [Field(name: "a", value: ""), Field(name: "b", value: "B")])
        // %41 would be sent back as A: the query stays as curl sends it.
        #expect(try CurlImporter.parse("curl -G -d 'a=' -d 'b=%41' http://example.com/").request.url == "http://example.com/?a=&b=%41")
        for limit in ["0", "-1", "inf", "soon"] {
            let unlimited = try CurlImporter.parse("curl -m \(limit) http://example.com/")
            #expect(unlimited.request.timeout == nil && unlimited.warnings == ["-m \(limit) ignored: a timeout is a number of seconds above 0"])
        }
        // Methods are case-sensitive: curl sends "purge" as written, and so does the saved request.
        let imported = try CurlImporter.parse("curl -X purge http://example.com/cache")
        #expect(imported.request.method == "purge")
        let (loaded, problems) = DocumentParser.request(CollectionWriter.text(of: imported.request), file: "purge.yaml")
        #expect(loaded == imported.request && problems.isEmpty)
    }
}

/// What the curl-import fuzz target found in the YAML writer.
@Suite("Saved values with characters YAML does not allow as they are")
struct YAMLControlCharacterTests {
    @Test("C1 control characters, non-characters and ':?' (which libyaml refuses in a flow mapping) are quoted, and the file loads back", arguments: [
        "s\u{9E}bc; theme=dark", "a\u{80}b", "\u{85}", "x\u{FFFE}\u{FFFF}", "http-HX-Trace:? 1", "a[\u{5AA}b", "[\u{301}x", "x: \u{301}y",
    ])
    func escapedAndLoadedBack(_ value: String) throws {
        var request = RequestDefinition()
        request.url = "http://example.com/"
        request.headers = [Field(name: "Cookie", value: value)]
        let text = CollectionWriter.text(of: request)
        #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value >= 0xFFFE })
        let (loaded, problems) = DocumentParser.request(text, file: "r.yaml")
        #expect(problems.isEmpty, "\(problems)")
        #expect(loaded?.headers.first?.value.unicodeScalars.elementsEqual(value.unicodeScalars) == true)
    }
}
