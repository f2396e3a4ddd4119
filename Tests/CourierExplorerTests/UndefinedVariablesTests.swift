@testable import CourierExplorer
import CourierCollections
import CourierTestSupport
import CourierUI
import Foundation
import Testing

/// An undefined-variable error names every undefined variable and points at the unsaved edit;
/// the variables that are defined still show as defined.
@Suite("Undefined variables in the explorer")
struct UndefinedVariablesTests {
    private func request(_ directory: TemporaryDirectory) throws -> LoadedRequest {
        try directory.write("API/collection.yaml", "baseUrl: http://127.0.0.1:9\nvariables:\n  - {name: user, value: ada}\n")
        try directory.write("API/environments/dev.yaml", "tag: blue\n")
        try directory.write("API/profile.yaml", """
            path: users/{{user}}
            headers:
              - {name: X-Trace, value: "{{traceId}}"}
              - {name: X-Tag, value: "{{tag}}"}
            body:
              json: {session: "{{sessionName}}"}

            """)
        return try #require(CollectionLoader.load(directory.url).request(id: "API/profile"))
    }

    @Test("The saved file: every undefined name, with the file and line of the first")
    func saved() async throws {
        let directory = try TemporaryDirectory()
        let loaded = try request(directory)
        let backend = ExplorerBackend(demo: TestDemoURL(), spooling: nil)
        let preview = await backend.preview(loaded, environment: "dev", edited: false)
        await backend.shutdown()
        let reason = try #require(preview.resolvedURL)
        #expect(reason.hasPrefix("cannot resolve: "))
        #expect(reason.contains("undefined variables 'traceId', 'sessionName'"), "\(reason)")
        #expect(reason.contains("profile.yaml:3:"), "the line of X-Trace, the first use: \(reason)")
        #expect(preview.variables["user"] == "ada" && preview.variables["tag"] == "blue", "defined variables are not drawn as missing")
    }

    @Test("An unsaved edit: the sentence names the edit, not a line of the saved file that lacks the variable")
    func edited() async throws {
        let directory = try TemporaryDirectory()
        var loaded = try request(directory)
        loaded.definition.headers = [Field(name: "X-New", value: "{{addedInTheEditor}}")]
        loaded.definition.body = nil
        let backend = ExplorerBackend(demo: TestDemoURL(), spooling: nil)
        let preview = await backend.preview(loaded, environment: "dev", edited: true)
        await backend.shutdown()
        let reason = try #require(preview.resolvedURL)
        #expect(reason == "cannot resolve: undefined variable 'addedInTheEditor' in the unsaved edit of API/profile "
            + "(define it in the environment, collection.yaml variables or --var NAME=…)")
        #expect(!reason.contains("profile.yaml:"))
        #expect(preview.curl.hasPrefix("no cURL command: undefined variable 'addedInTheEditor'"))
    }
}
