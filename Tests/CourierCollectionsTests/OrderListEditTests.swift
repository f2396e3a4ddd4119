import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("order: lists kept in step with file operations")
struct OrderListEditTests {
    /// The settings text after `edit` (unchanged when the edit finds nothing to do).
    private func edited(_ text: String, _ edit: (String) -> String?) -> String {
        edit(text) ?? text
    }

    @Test("A flow list: rename in place, remove first, middle, last and only, insert after")
    func flow() throws {
        let text = "name: Users # the users API\norder: [list-users, get-user, 'delete-user']\ntimeout: 5\n"
        #expect(edited(text) { OrderListEdit.rename("get-user", to: "fetch-user", in: $0) }
                == "name: Users # the users API\norder: [list-users, fetch-user, 'delete-user']\ntimeout: 5\n")
        #expect(edited(text) { OrderListEdit.rename("delete-user", to: "remove-user", in: $0) }
                == "name: Users # the users API\norder: [list-users, get-user, 'remove-user']\ntimeout: 5\n", "quotes stay")
        #expect(edited(text) { OrderListEdit.remove("list-users", in: $0) }
                == "name: Users # the users API\norder: [get-user, 'delete-user']\ntimeout: 5\n")
        #expect(edited(text) { OrderListEdit.remove("get-user", in: $0) }
                == "name: Users # the users API\norder: [list-users, 'delete-user']\ntimeout: 5\n")
        #expect(edited(text) { OrderListEdit.remove("delete-user", in: $0) }
                == "name: Users # the users API\norder: [list-users, get-user]\ntimeout: 5\n")
        #expect(edited("order: [a]\n") { OrderListEdit.remove("a", in: $0) } == "order: []\n")
        #expect(edited(text) { OrderListEdit.insert("get-user-copy", after: "get-user", in: $0) }
                == "name: Users # the users API\norder: [list-users, get-user, get-user-copy, 'delete-user']\ntimeout: 5\n")
    }

    @Test("A block list: rename in place, remove a line, insert a line like it")
    func block() throws {
        let text = "order:\n  - list-users  # first\n  - get-user\nheaders: []\n"
        #expect(edited(text) { OrderListEdit.rename("list-users", to: "all-users", in: $0) }
                == "order:\n  - all-users  # first\n  - get-user\nheaders: []\n", "the comment stays")
        #expect(edited(text) { OrderListEdit.remove("get-user", in: $0) } == "order:\n  - list-users  # first\nheaders: []\n")
        #expect(edited(text) { OrderListEdit.insert("get-user-2", after: "get-user", in: $0) }
                == "order:\n  - list-users  # first\n  - get-user\n  - get-user-2\nheaders: []\n")
        #expect(edited("order:\n  - a") { OrderListEdit.insert("b", after: "a", in: $0) } == "order:\n  - a\n  - b\n",
                "a last line without a newline")
    }

    @Test("Names that would read back as something else are quoted; files without the name or a list are untouched")
    func untouched() throws {
        #expect(edited("order: [a]\n") { OrderListEdit.rename("a", to: "2024", in: $0) } == "order: [\"2024\"]\n")
        #expect(edited("order: [a]\n") { OrderListEdit.rename("a", to: "yes", in: $0) } == "order: [\"yes\"]\n")
        #expect(edited("order: [a, b]\n") { OrderListEdit.rename("zzz", to: "y", in: $0) } == "order: [a, b]\n")
        #expect(edited("name: x\n") { OrderListEdit.remove("a", in: $0) } == "name: x\n")
        #expect(edited("order: [a, b\n") { OrderListEdit.remove("a", in: $0) } == "order: [a, b\n", "unparsable: left as it is")
    }

    @Test("After an edit the loader puts the renamed request where the old one was, with no stale name")
    func loaderAgrees() throws {
        let folder = try TemporaryDirectory()
        try folder.write("API/collection.yaml", "name: API\nbaseUrl: http://127.0.0.1:1\norder: [zeta, alpha]\n")
        try folder.write("API/zeta.yaml", "name: zeta\npath: z\n")
        try folder.write("API/alpha.yaml", "name: alpha\npath: a\n")
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("API/zeta.yaml"), to: folder.url.appendingPathComponent("API/omega.yaml"))
        let settings = folder.url.appendingPathComponent("API/collection.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        try #require(OrderListEdit.rename("zeta", to: "omega", in: text)).write(to: settings, atomically: true, encoding: .utf8)
        let tree = CollectionLoader.load(folder.url)
        #expect(tree.requests.keys.sorted() == ["API/alpha", "API/omega"])
        #expect(tree.requestIds == ["API/omega", "API/alpha"], "the renamed request keeps first place")
        #expect(tree.errors.isEmpty && tree.diagnostics.isEmpty, "\(tree.diagnostics)")
    }
}
