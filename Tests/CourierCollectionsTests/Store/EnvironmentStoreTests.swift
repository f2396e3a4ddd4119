import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("Environments in a CollectionStore")
struct EnvironmentStoreTests {
    @Test("Editing one variable changes one line; comments stay", arguments: StoreKind.allCases)
    func oneVariableOneLine(kind: StoreKind) throws {
        let text = "# local development\nbaseUrl: http://localhost:8080\nuserId: \"2\"  # the seeded user\n"
        let fixture = try StoreFixture(kind, ["API/environments/local.yaml": text])
        let root = fixture.url("API")
        let loaded = fixture.store.loadEnvironment("local", in: root)
        var draft = loaded
        draft.variables[1].value = "3"
        draft.variables.append(Field(name: "token", value: "abc"))
        try fixture.store.saveEnvironment("local", in: root, draft, over: loaded)
        #expect(fixture.text("API/environments/local.yaml")
                == "# local development\nbaseUrl: http://localhost:8080\nuserId: \"3\"  # the seeded user\ntoken: abc\n")
        #expect(throws: StoreError.self, "the hash read before no longer matches") {
            try fixture.store.saveEnvironment("local", in: root, draft, over: loaded)
        }
    }

    @Test("A secret file in a folder git does not ignore gets a .gitignore, and a note says so")
    func gitignoreNote() throws {
        let folder = try TemporaryDirectory()
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "init", "-q", folder.url.path]
        try git.run()
        git.waitUntilExit()
        try #require(git.terminationStatus == 0, "git init")
        try folder.write("Collections/API/collection.yaml", "name: API\n")
        let store = FileCollectionStore(directory: folder.url.appendingPathComponent("Collections"))
        let root = store.directory.appendingPathComponent("API")
        let notes = try store.saveEnvironment("local", in: root, EnvironmentContent(secrets: [Field(name: "token", value: "s3cr3t")]),
                                              over: store.loadEnvironment("local", in: root))
        let ignore = root.appendingPathComponent("environments/.gitignore")
        #expect(notes.count == 1 && notes[0].contains(".gitignore"), "\(notes)")
        #expect(try String(contentsOf: ignore, encoding: .utf8) == "*.secret.yaml\n")
        let secret = root.appendingPathComponent("environments/local.secret.yaml")
        let mode = try FileManager.default.attributesOfItem(atPath: secret.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(store.isIgnoredByGit(secret) == true, "git now ignores it")
        // The next save needs no note.
        let again = try store.saveEnvironment("local", in: root, EnvironmentContent(secrets: [Field(name: "token", value: "other")]),
                                              over: store.loadEnvironment("local", in: root))
        #expect(again.isEmpty)
    }

    @Test("Outside a git work tree nothing is added", arguments: [Bool?.none, false])
    func noGit(ignores: Bool?) throws {
        let store = MemoryCollectionStore(gitIgnores: ignores)
        let root = store.directory.appendingPathComponent("API")
        let notes = try store.saveEnvironment("local", in: root, EnvironmentContent(secrets: [Field(name: "token", value: "x")]), over: EnvironmentContent())
        let ignore = root.appendingPathComponent("environments/.gitignore")
        #expect(notes.isEmpty == (ignores == nil))
        #expect((store.contents(of: ignore) != nil) == (ignores == false))
        #expect(store.isSecret(root.appendingPathComponent("environments/local.secret.yaml")))
    }
}
