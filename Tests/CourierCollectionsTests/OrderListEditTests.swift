import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("order: lists kept in step with file operations")
struct OrderListEditTests {
    /// Writes `text` as a folder's collection.yaml, applies `edit`, and returns the file afterwards.
    private func edited(_ text: String, _ edit: (URL) throws -> Void) throws -> String {
        let folder = try TemporaryDirectory()
        let file = try folder.write("collection.yaml", text)
        try edit(file)
        return try String(contentsOf: file, encoding: .utf8)
    }

    @Test("A flow list: rename in place, remove first, middle, last and only, insert after")
    func flow() throws {
        let text = "name: Users # the users API\norder: [list-users, get-user, 'delete-user']\ntimeout: 5\n"
        #expect(try edited(text) { try OrderListEdit.rename("get-user", to: "fetch-user", in: $0) }
                == "name: Users # the users API\norder: [list-users, fetch-user, 'delete-user']\ntimeout: 5\n")
        #expect(try edited(text) { try OrderListEdit.rename("delete-user", to: "remove-user", in: $0) }
                == "name: Users # the users API\norder: [list-users, get-user, 'remove-user']\ntimeout: 5\n", "quotes stay")
        #expect(try edited(text) { try OrderListEdit.remove("list-users", from: $0) }
                == "name: Users # the users API\norder: [get-user, 'delete-user']\ntimeout: 5\n")
        #expect(try edited(text) { try OrderListEdit.remove("get-user", from: $0) }
                == "name: Users # the users API\norder: [list-users, 'delete-user']\ntimeout: 5\n")
        #expect(try edited(text) { try OrderListEdit.remove("delete-user", from: $0) }
                == "name: Users # the users API\norder: [list-users, get-user]\ntimeout: 5\n")
        #expect(try edited("order: [a]\n") { try OrderListEdit.remove("a", from: $0) } == "order: []\n")
        #expect(try edited(text) { try OrderListEdit.insert("get-user-copy", after: "get-user", in: $0) }
                == "name: Users # the users API\norder: [list-users, get-user, get-user-copy, 'delete-user']\ntimeout: 5\n")
    }

    @Test("A block list: rename in place, remove a line, insert a line like it")
    func block() throws {
        let text = "order:\n  - list-users  # first\n  - get-user\nheaders: []\n"
        #expect(try edited(text) { try OrderListEdit.rename("list-users", to: "all-users", in: $0) }
                == "order:\n  - all-users  # first\n  - get-user\nheaders: []\n", "the comment stays")
        #expect(try edited(text) { try OrderListEdit.remove("get-user", from: $0) } == "order:\n  - list-users  # first\nheaders: []\n")
        #expect(try edited(text) { try OrderListEdit.insert("get-user-2", after: "get-user", in: $0) }
                == "order:\n  - list-users  # first\n  - get-user\n  - get-user-2\nheaders: []\n")
        #expect(try edited("order:\n  - a") { try OrderListEdit.insert("b", after: "a", in: $0) } == "order:\n  - a\n  - b\n",
                "a last line without a newline")
    }

    @Test("Names that would read back as something else are quoted; files without the name or a list are untouched")
    func untouched() throws {
        #expect(try edited("order: [a]\n") { try OrderListEdit.rename("a", to: "2024", in: $0) } == "order: [\"2024\"]\n")
        #expect(try edited("order: [a]\n") { try OrderListEdit.rename("a", to: "yes", in: $0) } == "order: [\"yes\"]\n")
        #expect(try edited("order: [a, b]\n") { try OrderListEdit.rename("zzz", to: "y", in: $0) } == "order: [a, b]\n")
        #expect(try edited("name: x\n") { try OrderListEdit.remove("a", from: $0) } == "name: x\n")
        #expect(try edited("order: [a, b\n") { try OrderListEdit.remove("a", from: $0) } == "order: [a, b\n", "unparsable: left as it is")
        let missing = URL(fileURLWithPath: "/nonexistent-courier/collection.yaml")
        try OrderListEdit.remove("a", from: missing)  // no file, nothing to do
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test("After an edit the loader puts the renamed request where the old one was, with no stale name")
    func loaderAgrees() throws {
        let folder = try TemporaryDirectory()
        try folder.write("API/collection.yaml", "name: API\nbaseUrl: http://127.0.0.1:1\norder: [zeta, alpha]\n")
        try folder.write("API/zeta.yaml", "name: zeta\npath: z\n")
        try folder.write("API/alpha.yaml", "name: alpha\npath: a\n")
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("API/zeta.yaml"), to: folder.url.appendingPathComponent("API/omega.yaml"))
        try OrderListEdit.rename("zeta", to: "omega", in: folder.url.appendingPathComponent("API/collection.yaml"))
        let tree = CollectionLoader.load(folder.url)
        #expect(tree.requests.keys.sorted() == ["API/alpha", "API/omega"])
        #expect(tree.requestIds == ["API/omega", "API/alpha"], "the renamed request keeps first place")
        #expect(tree.errors.isEmpty && tree.diagnostics.isEmpty, "\(tree.diagnostics)")
    }
}
