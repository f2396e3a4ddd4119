import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("Loader problems: typos are errors, files with errors stay in the tree")
struct LoaderProblemsTests {
    @Test("An unknown key within two edits of a known one is an error at its place, at every level", arguments: [
        ("methd: POST\npath: x\n", 1, 1, "unknown key 'methd' in a request file; did you mean 'method'?"),
        ("path: x\nheders: []\n", 2, 1, "unknown key 'heders' in a request file; did you mean 'headers'?"),
        ("path: x\nbody:\n  jsn: {a: 1}\n", 3, 3, "unknown key 'jsn' in body; did you mean 'json'?"),
        ("path: x\nauth: {beare: t}\n", 2, 8, "unknown key 'beare' in auth; did you mean 'bearer'?"),
        ("path: x\nheaders:\n  - {name: A, valeu: b}\n", 3, 15, "unknown key 'valeu' in an entry of headers; did you mean 'value'?"),
        ("path: x\nbody:\n  multipart:\n    - {name: a, fil: ./x}\n", 4, 17, "unknown key 'fil' in a multipart part; did you mean 'file'?"),
    ])
    func typosAreErrors(text: String, line: Int, column: Int, message: String) throws {
        let (_, problems) = DocumentParser.request(text, file: "API/r.yaml")
        let problem = try #require(problems.first { $0.message.hasPrefix(message) }, "\(problems)")
        #expect(problem.severity == .error)
        #expect(problem.description.hasPrefix("API/r.yaml:\(line):\(column): error: \(message)"))
    }

    @Test("Other unknown keys are warnings, and saving keeps them")
    func othersAreWarnings() throws {
        let text = "path: x\nx-owner: team-a\ndescription: lists users\n"
        let (definition, problems) = DocumentParser.request(text, file: "r.yaml")
        #expect(problems.count == 2 && problems.allSatisfy { $0.severity == .warning }, "\(problems)")
        var draft = try #require(definition)
        draft.path = "y"
        #expect(try LosslessEdit.request(text, to: draft, file: "r.yaml") == "path: y\nx-owner: team-a\ndescription: lists users\n")
    }

    @Test("A file with errors stays in the tree, marked, with its problems; the method shows as ? when unsure")
    func brokenFilesStay() throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://localhost:1\nx-owner: me\n")
        try directory.write("API/typo.yaml", "methd: POST\npath: users\nbody:\n  jsn: {a: 1}\n")
        try directory.write("API/malformed.yaml", "path: [unclosed\n")
        try directory.write("API/put.yaml", "method: PUT\npath: x\ntimeout: soon\n")
        try directory.write("API/good.yaml", "path: fine\n")
        try directory.write("API/environments/dev.yaml", "token: [unclosed\n")
        let tree = CollectionLoader.load(directory.url)
        #expect(tree.requestIds == ["API/good", "API/malformed", "API/put", "API/typo"])
        let typo = try #require(tree.request(id: "API/typo"))
        #expect(typo.hasErrors)
        #expect(Set(typo.problems.map(\.line)) == [1, 4], "\(typo.problems)")
        #expect(typo.problems.allSatisfy { $0.file.hasSuffix("API/typo.yaml") })
        #expect(try #require(tree.request(id: "API/malformed")).hasErrors)
        #expect(try #require(tree.request(id: "API/good")).problems.isEmpty)
        func method(_ id: String) -> String? {
            guard case .folder(let folder) = tree.entries.first else { return nil }
            for case .request(let entry) in folder.children where entry.id == id { return entry.method + (entry.hasErrors ? "!" : "") }
            return nil
        }
        #expect(method("API/typo") == "?!")
        #expect(method("API/malformed") == "?!")
        #expect(method("API/put") == "PUT!", "a method read for certain is shown")
        #expect(method("API/good") == "GET")
        // Everything is in the tree's diagnostics too, collection.yaml's warning included.
        #expect(tree.diagnostics.count == 7, "\(tree.diagnostics)")
        #expect(tree.diagnostics.contains { $0.file.hasSuffix("collection.yaml") && $0.severity == .warning })
        #expect(tree.diagnostics.contains { $0.file.hasSuffix("environments/dev.yaml") && $0.severity == .error })
    }
}
