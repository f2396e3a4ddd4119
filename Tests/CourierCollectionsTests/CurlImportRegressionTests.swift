import CourierCollections
import Testing

/// Inputs the curl-import fuzz target found: what the importer accepts saves and loads back.
@Suite("curl import, refused where a saved file would not load back")
struct CurlImportRegressionTests {
    @Test("-X with something other than letters is refused with a sentence, not saved as a method the loader refuses")
    func methodMustBeAWord() throws {
        #expect(throws: CurlImporter.ImportError.self) { try CurlImporter.parse("curl -X 'PATCH(' http://example.com/users/1") }
        do {
            _ = try CurlImporter.parse("curl --request 'GET /x' http://example.com")
            Issue.record("a method with a space was imported")
        } catch {
            #expect(error.description == "--request takes a method made of letters, such as GET or PATCH, found 'GET /x'")
        }
        let imported = try CurlImporter.parse("curl -X purge http://example.com/cache")
        #expect(imported.request.method == "PURGE")
        let (loaded, problems) = DocumentParser.request(CollectionWriter.text(of: imported.request), file: "purge.yaml")
        #expect(loaded == imported.request && problems.isEmpty)
    }
}
