import CourierCollections
import CourierTestSupport
import Foundation
import Testing

/// The collection exports do not write certificate or proxy settings yet; they say so.
@Suite("Certificate and proxy settings in the collection exports")
struct ConnectionExportTests {
    @Test("Each format names the settings it leaves out, inherited ones included", arguments: CollectionExportFormat.allCases)
    func named(format: CollectionExportFormat) throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: https://127.0.0.1:8443\nproxy: http://127.0.0.1:3128\n")
        try directory.write("API/secure.yaml", "path: a\ninsecure: true\n")
        try directory.write("API/plain.yaml", "path: b\nproxy: \"\"\n")
        let collection = try #require(ExportedCollection(CollectionLoader.load(directory.url), id: "API"))
        let warnings = format.export(collection).warnings
        #expect(warnings.contains("API/secure: insecure, proxy left out: this export does not carry certificate or proxy settings (`courier curl` does)"),
                "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("API/plain: proxy left out") }, "an empty proxy (none at all) is a setting too: \(warnings)")
    }
}
