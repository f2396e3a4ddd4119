@testable import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("Writing an import")
struct ImportWriterTests {
    private func sample() -> ImportedCollection {
        var imported = ImportedCollection()
        imported.settings.baseUrl = "https://api.example"
        var create = RequestDefinition()
        create.method = "POST"
        create.path = "users"
        imported.requests = [
            ImportedRequest(folder: ["Users"], name: "Create user", request: create, comments: ["Makes one.", "", "Really."]),
            ImportedRequest(folder: ["Users"], name: "Create user", request: create),
            ImportedRequest(name: "collection", request: create),
        ]
        return imported
    }

    @Test("Names become unique slugs; reserved names are avoided; comments go above the canonical text")
    func layout() throws {
        let written = try ImportFixtures.written(sample(), into: "Imported/shop")
        #expect(written.report.written.sorted() == [
            "Imported/shop/collection-1.yaml", "Imported/shop/collection.yaml", "Imported/shop/users/collection.yaml",
            "Imported/shop/users/create-user-2.yaml", "Imported/shop/users/create-user.yaml",
        ])
        #expect(written.report.requestCount == 3)
        #expect(try written.text("Imported/shop/users/create-user.yaml") == "# Makes one.\n#\n# Really.\nname: Create user\nmethod: POST\npath: users\n")
        #expect(try written.text("Imported/shop/collection.yaml") == "baseUrl: https://api.example\norder: [users, collection-1]\n")
        #expect(written.tree.diagnostics.isEmpty, "\(written.tree.diagnostics)")
    }

    @Test("Existing files are kept and listed unless forced; identical ones are reported unchanged")
    func existing() throws {
        let directory = try TemporaryDirectory()
        let store = FileCollectionStore(directory: directory.url)
        var imported = sample()
        imported.finish()
        _ = try ImportWriter(store: store, into: "Imported").write(imported)
        try directory.write("Imported/users/create-user.yaml", "name: mine\npath: x\n")
        let again = try ImportWriter(store: store, into: "Imported").write(imported)
        #expect(again.written.isEmpty)
        #expect(again.unmapped.map(\.description) == ["Imported/users/create-user.yaml: the whole file: it exists already and was kept (courier import … --force replaces it)"])
        #expect(again.unchanged.count == 4)
        let forced = try ImportWriter(store: store, into: "Imported", force: true).write(imported)
        #expect(forced.written == ["Imported/users/create-user.yaml"] && forced.unmapped.isEmpty)
    }

    @Test("Secrets go to NAME.secret.yaml with mode 0600 and a .gitignore line; existing environments are merged")
    func secrets() async throws {
        let directory = try TemporaryDirectory()
        // A repository of one's own, where git would otherwise pick up the secret file.
        #expect(try await Processes.run(["git", "init", "-q", directory.url.path]).status == 0)
        try directory.write("Shop/environments/staging.yaml", "region: eu\n")
        var imported = ImportedCollection()
        imported.environments = [ImportedEnvironment(name: "staging", variables: [Field(name: "host", value: "s")], secrets: [Field(name: "apiKey", value: "k")])]
        let report = try ImportWriter(store: FileCollectionStore(directory: directory.url), into: "Shop/imported").write(imported)
        #expect(report.written == ["Shop/environments/staging.yaml", "Shop/environments/staging.secret.yaml"])
        let secret = directory.url.appendingPathComponent("Shop/environments/staging.secret.yaml")
        #expect(try String(contentsOf: secret, encoding: .utf8) == "apiKey: k\n")
        #expect((try FileManager.default.attributesOfItem(atPath: secret.path)[.posixPermissions] as? Int) == 0o600)
        #expect(try String(contentsOf: directory.url.appendingPathComponent("Shop/environments/.gitignore"), encoding: .utf8) == "*.secret.yaml\n")
        #expect(try String(contentsOf: directory.url.appendingPathComponent("Shop/environments/staging.yaml"), encoding: .utf8) == "region: eu\nhost: s\n")
    }

    @Test("Body files become absolute paths; missing ones are taken out and listed")
    func files() {
        var imported = ImportedCollection()
        var upload = RequestDefinition()
        upload.body = .multipart([MultipartField(name: "a", file: "here.png"), MultipartField(name: "b", file: "gone.png"), MultipartField(name: "c", value: "1")])
        var raw = RequestDefinition()
        raw.body = .file("gone.bin")
        var file = ImportedCollection()
        file.requests = [ImportedRequest(name: "upload", request: upload), ImportedRequest(name: "raw", request: raw)]
        imported.append(file, from: "in.json")
        imported.resolvingFiles { $0 == "here.png" ? "/data/here.png" : nil }
        #expect(imported.requests[0].request.body == .multipart([MultipartField(name: "a", file: "/data/here.png"), MultipartField(name: "c", value: "1")]))
        #expect(imported.requests[1].request.body == nil)
        #expect(imported.unmapped.map(\.description) == [
            "in.json: upload: multipart part b: its file gone.png does not exist; the part was left out",
            "in.json: raw: body file gone.bin: it does not exist; the request was imported without a body",
        ])
    }

    @Test("--into must be a folder below the collections directory", arguments: ["", "/abs", "../up", "A/../B", "A/environments", ".hidden"])
    func destination(into: String) {
        #expect(throws: ImportError.self) { try ImportWriter(store: MemoryCollectionStore(), into: into) }
    }

    @Test("Literal credentials move into secret variables; references and empty values stay")
    func secretRule() {
        var imported = ImportedCollection()
        var request = RequestDefinition()
        request.url = "http://x"
        request.headers = [Field(name: "Authorization", value: "Basic YWRhOmxvdmVsYWNl"), Field(name: "X-Api-Key", value: "k1"),
                           Field(name: "Cookie", value: "{{cookie}}"), Field(name: "Accept", value: "*/*")]
        request.query = [Field(name: "access_token", value: "t1"), Field(name: "page", value: "1")]
        imported.requests = [ImportedRequest(name: "r", request: request)]
        imported.settings.variables = [Field(name: "sessionId", value: "s1"), Field(name: "user", value: "ada")]
        imported.finish()
        let result = imported.requests[0].request
        #expect(result.auth == .basic(user: "ada", password: "{{password}}"))
        #expect(result.headers == [Field(name: "X-Api-Key", value: "{{x_api_key}}"), Field(name: "Cookie", value: "{{cookie}}"), Field(name: "Accept", value: "*/*")])
        #expect(result.query == [Field(name: "access_token", value: "{{access_token}}"), Field(name: "page", value: "1")])
        #expect(imported.settings.variables == [Field(name: "user", value: "ada")])
        #expect(imported.environments == [ImportedEnvironment(name: "imported", secrets: [
            Field(name: "sessionId", value: "s1"), Field(name: "x_api_key", value: "k1"), Field(name: "access_token", value: "t1"), Field(name: "password", value: "lovelace"),
        ])])
    }
}
