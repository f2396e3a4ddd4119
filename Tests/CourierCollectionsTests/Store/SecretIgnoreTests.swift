import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("The .gitignore beside secret files", .serialized)
struct SecretIgnoreTests {
    private func git(_ arguments: String..., in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments)")
    }

    @Test("A tracked secret file gets one .gitignore line however often it is saved, and a note with the command that untracks it")
    func trackedSecret() throws {
        let folder = try TemporaryDirectory()
        try git("init", "-q", in: folder.url)
        try folder.write("Collections/API/environments/local.secret.yaml", "token: a\n")
        try git("add", ".", in: folder.url)
        try git("commit", "-q", "-m", "secret", in: folder.url)
        let store = FileCollectionStore(directory: folder.url.appendingPathComponent("Collections"))
        let root = store.directory.appendingPathComponent("API")
        var notes: [[String]] = []
        for value in ["b", "c", "d"] {
            notes.append(try store.saveEnvironment("local", in: root, EnvironmentContent(secrets: [Field(name: "token", value: value)]),
                                                   over: store.loadEnvironment("local", in: root)))
        }
        let ignore = root.appendingPathComponent("environments/.gitignore")
        #expect(try String(contentsOf: ignore, encoding: .utf8) == "*.secret.yaml\n", "one line, not one per save")
        let file = store.display(root.appendingPathComponent("environments/local.secret.yaml"))
        for saved in notes {
            #expect(saved == ["\(file) is tracked by git: `git rm --cached \(file)` stops that (the .gitignore line alone does not)"], "\(saved)")
        }
    }

    @Test("The .gitignore is written before the secret: when it cannot be, no secret is written")
    func ignoreFirst() throws {
        let folder = try TemporaryDirectory()
        try git("init", "-q", in: folder.url)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Collections/API/environments/.gitignore"),
                                                withIntermediateDirectories: true)
        let store = FileCollectionStore(directory: folder.url.appendingPathComponent("Collections"))
        let root = store.directory.appendingPathComponent("API")
        #expect(throws: StoreError.self) {
            try store.saveEnvironment("local", in: root, EnvironmentContent(secrets: [Field(name: "token", value: "s")]),
                                      over: store.loadEnvironment("local", in: root))
        }
        #expect(store.contents(of: root.appendingPathComponent("environments/local.secret.yaml")) == nil)
    }

    @Test("In memory, a pretend tracked file gets the note too")
    func memoryTracked() throws {
        let store = MemoryCollectionStore(gitIgnores: false, gitTracks: ["API/environments/local.secret.yaml"])
        let root = store.directory.appendingPathComponent("API")
        let notes = try store.saveEnvironment("local", in: root, EnvironmentContent(secrets: [Field(name: "token", value: "x")]),
                                              over: EnvironmentContent())
        #expect(notes.count == 1 && notes[0].contains("is tracked by git: `git rm --cached"), "\(notes)")
    }
}
