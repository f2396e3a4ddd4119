@testable import CourierCollections
import Foundation
import Testing

@Suite("Export to .http")
struct HTTPFileExportTests {
    @Test("Shop as a .http file matches its golden file")
    func golden() throws {
        let document = HTTPFileExporter.export(try ExportFixtures.shop())
        try ExportFixtures.expectGolden(document.text, "Shop.http")
        // Secrets stay out unless asked, and the warning says which.
        #expect(document.text.contains("@apiToken = \n") || document.text.contains("@apiToken =\n"))
        #expect(!document.text.contains("tok-123"))
        #expect(document.warnings.contains { $0.contains("apiToken") && $0.contains("--include-secrets") })
        #expect(document.warnings.contains { $0.contains("body matches") })
    }

    @Test("An environment's values replace the defaults; --include-secrets writes them in clear")
    func environment() throws {
        let document = HTTPFileExporter.export(try ExportFixtures.shop(), options: CollectionExportOptions(environment: "staging", includeSecrets: true))
        #expect(document.text.contains("@customer = grace\n"))
        #expect(document.text.contains("@apiToken = staging-secret\n"))
        #expect(!document.warnings.contains { $0.contains("--include-secrets") })
    }

    @Test("Shop and Demo round-trip through the .http importer", arguments: ["Shop", "Demo"])
    func roundTrip(_ name: String) throws {
        let collection = try name == "Shop" ? ExportFixtures.shop() : ExportFixtures.demo()
        let document = HTTPFileExporter.export(collection, options: CollectionExportOptions(includeSecrets: true))
        let imported = try HTTPFileImporter.parse(Data(document.text.utf8), file: "\(name).http")
        #expect(imported.requests.count == collection.requests.count)
        for (original, back) in zip(collection.requests, imported.requests) {
            #expect(back.name == original.name)
            // .http has auth only as a header, and status checks only as `client.assert`.
            // Nor has it `{{$demo.https}}` and its kin: they become variables (`{{demo_https}}`).
            var expected = original.request.mappingTemplates { $0.replacingOccurrences(of: "{{$demo.", with: "{{demo_") }
            expected.expectations = expected.expectations.filter { document.text.contains("\"\($0.text)\"") }
            // A body runs to the next blank-line-separated part, so a final line break is not kept (and is warned about).
            if case .text(let text)? = expected.body, text.hasSuffix("\n") {
                expected.body = .text(String(text.dropLast()))
                #expect(document.warnings.contains { $0.contains(original.id) && $0.contains("line break") })
            }
            #expect(ExportFixtures.Essentials(back.request, keepsAuth: false) == ExportFixtures.Essentials(expected, keepsAuth: false),
                    "\(original.id)")
        }
        let variables = Dictionary(imported.settings.variables.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        for variable in collection.variables { #expect(variables[variable.name] == variable.value) }
    }
}
