@testable import CourierCollections
import Foundation
import Testing

@Suite("Export to Postman")
struct PostmanExportTests {
    @Test("Shop as a Postman collection and environment matches its golden files")
    func golden() throws {
        let document = PostmanExporter.export(try ExportFixtures.shop())
        try ExportFixtures.expectGolden(document.text, "Shop.postman_collection.json")
        let environment = try #require(document.companions.first)
        #expect(environment.suffix == ".staging.postman_environment.json")
        try ExportFixtures.expectGolden(environment.text, "Shop.staging.postman_environment.json")
        // The secret file's value is marked secret and left empty; the plain one is kept.
        #expect(environment.text.contains("\"value\": \"grace\""))
        #expect(!environment.text.contains("staging-secret") && !document.text.contains("tok-123"))
        #expect(document.warnings.contains { $0.contains("apiToken") })
    }

    @Test("--include-secrets writes the secret values")
    func secrets() throws {
        let document = PostmanExporter.export(try ExportFixtures.shop(), options: CollectionExportOptions(includeSecrets: true))
        #expect(document.text.contains("tok-123"))
        #expect(document.companions.first?.text.contains("staging-secret") == true)
    }

    @Test("Shop and Demo round-trip through the Postman importer", arguments: ["Shop", "Demo"])
    func roundTrip(_ name: String) throws {
        let collection = try name == "Shop" ? ExportFixtures.shop() : ExportFixtures.demo()
        let document = PostmanExporter.export(collection, options: CollectionExportOptions(includeSecrets: true))
        let imported = try PostmanImporter.parse(Data(document.text.utf8), file: "\(name).postman_collection.json")
        #expect(imported.requests.count == collection.requests.count)
        for (original, back) in zip(collection.requests, imported.requests) {
            #expect(back.name == original.name)
            #expect(back.folder == original.folder, "\(original.id)")
            // Postman cannot read the process environment: `{{$env.NAME}}` becomes the variable `{{NAME}}`.
            // Nor has it Courier's built-ins: `{{$demo}}` becomes the variable `{{demo}}`, `{{$demo.https}}` `{{demo_https}}`.
            var expected = original.request.mappingTemplates {
                $0.replacingOccurrences(of: "{{$env.", with: "{{").replacingOccurrences(of: "{{$demo}}", with: "{{demo}}")
                    .replacingOccurrences(of: "{{$demo.", with: "{{demo_")
            }
            // Only the assertions chai says in a form the importer knows come back; the rest stay Postman tests.
            expected.expectations = expected.expectations.filter { assertion in back.request.expectations.contains { $0.text == assertion.text } }
            // Postman has no refresh-token or device-code grant: those go out (and come back) without auth.
            if case .oauth2(var oauth)? = expected.auth {
                if [.refreshToken, .deviceCode].contains(oauth.grant) { expected.auth = nil } else {
                    // Postman has no keys for these; they come back unset.
                    oauth.deviceAuthorizationUrl = nil
                    oauth.refreshToken = nil
                    oauth.redirectPort = nil
                    expected.auth = .oauth2(oauth)
                }
            }
            #expect(ExportFixtures.Essentials(back.request) == ExportFixtures.Essentials(expected), "\(original.id)")
        }
        // Every assertion is a Postman test, converted back or not.
        let tests = document.text.components(separatedBy: "\"pm.test(").count - 1
        #expect(tests == collection.requests.map(\.request.expectations.count).reduce(0, +))
        let variables = Dictionary(imported.settings.variables.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        for variable in collection.variables { #expect(variables[variable.name] == variable.value) }
    }

    @Test("Assertions the importer knows come back whole")
    func assertionsComeBack() throws {
        let document = PostmanExporter.export(try ExportFixtures.shop())
        let imported = try PostmanImporter.parse(Data(document.text.utf8), file: "Shop.postman_collection.json")
        let signIn = try #require(imported.requests.first { $0.name == "Sign in" }).request
        #expect(signIn.expectations.map(\.text) == [
            "status == 200", "header Content-Type contains \"json\"", "body data/token exists", "body data/expires_in > 0",
            "body data/user/name == \"Ada\"",
        ])
        #expect(signIn.captures.map { "\($0.name): \($0.subject)" } == ["sessionToken: body data/token", "requestId: header X-Request-Id"])
    }
}
