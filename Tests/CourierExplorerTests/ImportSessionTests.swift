import CourierCollections
import CourierExplorer
import CourierTestSupport
import CourierUI
import Foundation
import Testing

/// Issue 18's "the same from the explorer's palette" through the whole session: real fixture
/// files in a temporary home folder, imported with `courier import`'s importer into a copy of the
/// shipped collections, the tree following the files written.
@Suite("Importing from the palette in the explorer's session")
struct ImportSessionTests {
    /// A home folder holding `files` (fixtures by their path below `Fixtures/Import`, or text).
    final class Home {
        let folder: TemporaryDirectory
        init() throws { folder = try TemporaryDirectory() }

        func add(fixture path: String, as name: String) throws {
            let source = Checkout.root.appendingPathComponent("Tests/CourierCollectionsTests/Fixtures/Import/\(path)")
            try FileManager.default.copyItem(at: source, to: folder.url.appendingPathComponent(name))
        }

        func add(_ text: String, as name: String) throws { try Data(text.utf8).write(to: folder.url.appendingPathComponent(name)) }
    }

    /// Runs a session over a copy of the shipped collections (`prepare` changes it first) with
    /// `HOME` at `home`; `script` gets the terminal and the copy.
    private func run(home: Home, prepare: (URL) throws -> Void = { _ in }, _ script: (ScriptedTerminal, URL) async throws -> Void) async throws {
        let folder = try TemporaryDirectory()
        let collections = try folder.copy(Checkout.collections, as: "Collections")
        try prepare(collections)
        try await SessionHarness.run(on: FileCollectionStore(directory: collections), environment: ["HOME": home.folder.url.path]) {
            try await script($0, collections)
        }
    }

    /// The palette's import of `format`: the file typed, the destination typed over the default.
    private func importing(_ format: String, _ file: String, into: String, in terminal: ScriptedTerminal) async throws {
        terminal.press(.character("p"))
        terminal.type("import \(format)")
        terminal.press(.enter)
        try await terminal.waitFor { $0.contains("Import \(format): file (relative, absolute or ~/…)") }
        terminal.type(file)
        terminal.press(.enter)
        try await terminal.waitFor { $0.contains("into (collection or folder)") }
        terminal.press(.ctrl("u"))
        terminal.type(into)
        terminal.press(.enter)
    }

    @Test("import postman: a fixture from ~/ into a new collection; the tree shows it with its first request; not-mapped items listed")
    func postman() async throws {
        let home = try Home()
        try home.add(fixture: "postman/inherited-entities.postman_collection.json", as: "inherited.json")
        try await run(home: home) { terminal, collections in
            try await importing("postman", "~/inherited.json", into: "Inherited", in: terminal)
            let screen = try await terminal.waitFor { $0.contains("imported 8 request(s) from 1 file(s) into Inherited; 11 item(s) could not be mapped") }
            #expect(screen.contains("Import postman") && screen.contains("Written (") && screen.contains("+ Inherited/collection-level-stuff/variables.yaml"),
                    "\(screen)")
            // The tree beside the results: the new collection, expanded down to its first request.
            #expect(screen.contains("▾ Inherited") && screen.contains("▾ collection-level-stuff") && screen.contains("variables"), "\(screen)")
            terminal.press(.character("G"))
            try await terminal.waitFor { $0.contains("✗ ~/inherited.json: Environment override: test script line 2") }
            terminal.press(.escape)
            try await terminal.waitFor { !$0.contains("Not mapped") && $0.contains("Inherited/collection-level-stuff/variables") }
            #expect(FileManager.default.fileExists(atPath: collections.appendingPathComponent("Inherited/collection-level-stuff/variables.yaml").path))
        }
    }

    @Test("An import over existing files keeps them and lists them; a missing file is a sentence and the explorer goes on")
    func keepsFilesAndExplainsFailures() async throws {
        let home = try Home()
        try home.add(fixture: "openapi/petstore-3.0.yaml", as: "petstore.yaml")
        // A request of the same name the user already has, in the folder the import goes to.
        let mine = "Demo/shop/pets/list-pets.yaml"
        let prepare = { (collections: URL) throws in
            let file = collections.appendingPathComponent(mine)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("name: my own list\npath: pets\n".utf8).write(to: file)
        }
        try await run(home: home, prepare: prepare) { terminal, collections in
            try await importing("openapi", "~/petstore.yaml", into: "Demo/shop", in: terminal)
            let screen = try await terminal.waitFor { $0.contains("imported 3 request(s) from 1 file(s) into Demo/shop; 1 item(s) could not be mapped") }
            #expect(screen.contains("✗ Demo/shop/pets/list-pets.yaml: the whole file: it exists already"), "\(screen)")
            #expect(try String(contentsOf: collections.appendingPathComponent(mine), encoding: .utf8) == "name: my own list\npath: pets\n")
            terminal.press(.escape)
            // The first request the import wrote is selected: the kept one is not the import's.
            try await terminal.waitFor { $0.contains("Demo/shop/pets/create-pets") }

            try await importing("openapi", "~/nowhere.yaml", into: "Demo", in: terminal)
            try await terminal.waitFor { $0.contains("Import openapi: nothing imported") && $0.contains("cannot read ~/nowhere.yaml: no such file") }
            terminal.press(.escape)
            try await SessionHarness.open("list-users", titled: "GET Demo/users/list-users", in: terminal)
        }
    }

    @Test("Credentials a HAR brings go to the secret file and stay masked in the results and the request pane")
    func secretsMasked() async throws {
        let token = "har-session-token-5f2a9c"
        let home = try Home()
        try home.add("""
        {"log": {"version": "1.2", "creator": {"name": "WebInspector"}, "entries": [
          {"_resourceType": "xhr", "request": {"method": "GET", "url": "https://api.example/v1/items?draft=1",
            "headers": [{"name": "authorization", "value": "Bearer \(token)"}, {"name": "x-api-key", "value": "\(token)-key"}],
            "queryString": [{"name": "draft", "value": "1"}]}}
        ]}}
        """, as: "capture.har")
        try await run(home: home) { terminal, collections in
            try await importing("har", "~/capture.har", into: "Browser", in: terminal)
            var screen = try await terminal.waitFor { $0.contains("imported 1 request(s) from 1 file(s) into Browser") }
            #expect(screen.contains("+ Browser/environments/har.secret.yaml"), "\(screen)")
            #expect(!screen.contains(token), "\(screen)")
            terminal.press(.escape)
            screen = try await terminal.waitFor { $0.contains("GET Browser/get-v1-items") }
            #expect(!screen.contains(token), "\(screen)")
            let secrets = try String(contentsOf: collections.appendingPathComponent("Browser/environments/har.secret.yaml"), encoding: .utf8)
            #expect(secrets.contains(token), "the value is kept in the secret file: \(secrets)")
        }
    }
}
