import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("Loading collections")
struct LoadingTests {
    @Test("The shipped collections load without a single diagnostic")
    func shippedCollections() throws {
        let tree = CollectionLoader.load(Checkout.collections)
        #expect(tree.diagnostics.isEmpty, "\(tree.diagnostics.map(\.description).joined(separator: "\n"))")
        let demo = tree.requestIds.filter { $0.hasPrefix("Demo/") }
        #expect(demo.count >= 12)
        // collection.yaml's order: users first, echo last; inside a folder files sort alphabetically.
        #expect(demo.first == "Demo/users/create-user")
        #expect(demo.last == "Demo/echo/gzip")
        let methods = Set(demo.compactMap { tree.request(id: $0)?.definition.method })
        #expect(methods == ["GET", "POST", "PUT", "PATCH", "DELETE"])
    }

    @Test("Folders list before files, alphabetically, without an order")
    func defaultOrder() throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://localhost:1\n")
        for path in ["API/b.yaml", "API/a.yaml", "API/zeta/x.yaml", "API/alpha/y.yaml"] {
            try directory.write(path, "path: x\n")
        }
        let tree = CollectionLoader.load(directory.url)
        #expect(tree.requestIds == ["API/alpha/y", "API/zeta/x", "API/a", "API/b"])
    }

    @Test("Each broken file is reported at its line and column; the rest still loads", arguments: [
        ("malformed.yaml", "path: users\nquery: [unclosed\n", 3, 1, "error: malformed YAML"),
        ("wrong-type.yaml", "path: users\ntimeout: soon\n", 2, 10, "error: timeout must be a number, found the value 'soon'"),
        ("unknown-key.yaml", "path: users\nheders:\n  - {name: A, value: b}\n", 2, 1, "error: unknown key 'heders' in a request file; did you mean 'headers'?"),
        ("no-path.yaml", "name: Lost\n", 1, 1, "error: a request needs a path"),
        ("bad-method.yaml", "method: GET POST\npath: x\n", 1, 9, "error: method must be a word such as GET or POST"),
        ("two-bodies.yaml", "path: x\nbody:\n  text: a\n  json: {}\n", 3, 3, "error: body takes one of json, text, form, file or multipart, found text and json"),
        ("missing-file.yaml", "path: x\nbody:\n  file: ./nope.bin\n", 2, 1, "error: the body file ./nope.bin does not exist"),
        ("duplicate-key.yaml", "path: x\npath: y\n", 2, 1, "error: malformed YAML: the key 'path' appears twice"),
        ("multipart.yaml", "path: x\nbody:\n  multipart:\n    - {name: a}\n", 4, 7, "error: the multipart part 'a' needs either a value or a file"),
    ])
    func brokenFiles(name: String, text: String, line: Int, column: Int, message: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://localhost:1\n")
        try directory.write("API/good.yaml", "path: fine\n")
        try directory.write("API/\(name)", text)
        let tree = CollectionLoader.load(directory.url)
        let file = directory.url.appendingPathComponent("API/\(name)").path
        let found = tree.diagnostics.filter { $0.file.hasSuffix("API/\(name)") }
        #expect(found.contains { $0.line == line && $0.column == column && $0.description.contains(message) },
                "\(tree.diagnostics.map(\.description)) for \(file)")
        #expect(tree.request(id: "API/good") != nil)
    }

    @Test("Two files with the same id are an error")
    func duplicateIds() throws {
        let directory = try TemporaryDirectory()
        try directory.write("API/collection.yaml", "baseUrl: http://localhost:1\n")
        try directory.write("API/same.yaml", "path: a\n")
        try directory.write("API/same.yml", "path: b\n")
        let tree = CollectionLoader.load(directory.url)
        #expect(tree.errors.contains { $0.message.contains("duplicate request id 'API/same'") })
        #expect(tree.requestIds == ["API/same"])
    }

    @Test("A missing collections directory is one clear error")
    func missingDirectory() {
        let tree = CollectionLoader.load(URL(fileURLWithPath: "/nonexistent/Collections"))
        #expect(tree.errors.map(\.message) == ["no collections directory here; create it or pass --collections DIR"])
    }
}
