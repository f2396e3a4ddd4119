import CourierCollections
import CourierUI
import Testing

/// Problems are visible; broken requests are never sent.
@Suite("Problems")
struct ProblemsTests {
    static let methd = Problem(requestId: "Demo/users/delete-user", diagnostic: Diagnostic(
        file: "Demo/users/delete-user.yaml", line: 2, column: 1, severity: .error, message: "unknown key 'methd'; did you mean 'method'?"))
    static let owner = Problem(requestId: "Demo/users/list-users", diagnostic: Diagnostic(
        file: "Demo/users/list-users.yaml", line: 5, column: 1, severity: .warning, message: "unknown key 'x-owner' is kept but not used"))
    static let collection = Problem(requestId: nil, diagnostic: Diagnostic(
        file: "Public/collection.yaml", line: 3, column: 5, severity: .warning, message: "'timeout' must be a number of seconds"))
    static let broken = Problem(requestId: "Demo/broken", diagnostic: Diagnostic(
        file: "Demo/broken.yaml", line: 4, column: 7, severity: .error, message: "malformed YAML: mapping values are not allowed here"))
    static let all = [owner, methd, collection, broken]

    /// The sample tree plus a request whose file could not be read.
    static let tree: [TreeNode] = {
        var tree = sampleTree
        tree[0].children.append(.unreadable(id: "Demo/broken", title: "broken"))
        return tree
    }()

    /// The tree with problems, `users` expanded.
    private func harness(width: Int = 80, height: Int = 24) -> Harness {
        var harness = Harness(width: width, height: height, tree: Self.tree, problems: Self.all)
        harness.press(.down, .character("l"))
        return harness
    }

    /// The row of the tree that shows `title`.
    private func row(_ harness: Harness, _ title: String) -> Int {
        (1..<harness.screen.height).first { harness.line($0).contains(" \(title) ") } ?? 0
    }

    @Test("Rows with problems carry a marker: ✗ for errors, ! for warnings, folders the worst inside them")
    func markers() {
        let harness = harness(width: 120, height: 40)
        let screen = harness.screen
        let column = 34  // the list's last column at 120×40
        func marker(_ title: String) -> (String, Style) {
            let row = row(harness, title)
            return (screen[row, column].text, screen[row, column].style)
        }
        #expect(marker("delete-user").0 == "✗")
        #expect(marker("list-users").0 == "!")
        #expect(marker("create-user").0 == " ")
        #expect(marker("users").0 == "✗", "a folder shows the worst problem inside it")
        #expect(marker("Public APIs").0 == "!", "collection.yaml's problem marks its collection")
        #expect(marker("broken").0 == "✗")
        #expect(marker("delete-user").1.foreground == Theme.standard.error.foreground)
        #expect(marker("list-users").1.foreground == Theme.standard.style(.warning).foreground)
        #expect(harness.state.status == "4 problems in the collections (2 errors); ! lists them")
    }

    @Test("The request pane lists the open request's problems with file:line:column")
    func paneListsProblems() {
        var harness = harness(width: 120, height: 40)
        harness.press(.down, .down, .down)
        #expect(harness.state.openRequest == "Demo/users/delete-user")
        #expect(harness.line(1).contains("✗ Demo/users/delete-user.yaml:2:1: unknown key 'methd'"))
        #expect(harness.line(2).contains("Name delete-user"))
    }

    @Test("An error blocks sending with its location, from the tree and from the pane; a warning does not")
    func errorsBlockSending() {
        var harness = harness()
        harness.press(.down, .down, .down, .ctrl("r"))
        #expect(harness.sent.isEmpty)
        #expect(harness.state.status == "not sent: Demo/users/delete-user.yaml:2:1: unknown key 'methd'; did you mean 'method'?")
        harness.press(.enter, .ctrl("r"))
        #expect(harness.sent.isEmpty && harness.state.sending == nil)
        #expect(harness.state.status.hasPrefix("not sent: Demo/users/delete-user.yaml:2:1:"))
        harness.press(.backTab, .character("k"), .character("k"), .ctrl("r"))
        #expect(harness.sent == ["Demo/users/list-users"], "a warning does not stop a request")
    }

    @Test("A request whose file could not be read opens read-only with its problems and is not sent")
    func unreadable() {
        var harness = harness()
        harness.press(.character("G"), .character("k"), .character("k"))
        #expect(harness.state.selectedNode?.id == "Demo/broken")
        #expect(harness.state.requestPane == .unreadable(id: "Demo/broken"))
        #expect(harness.screen.text.contains("✗ Demo/broken"))
        #expect(harness.screen.text.contains("Demo/broken.yaml:4:7: malformed YAML"))
        harness.press(.enter)
        #expect(harness.state.focus == .request)
        harness.press(.character("a"))
        #expect(harness.state.status.contains("could not be read"))
        harness.press(.ctrl("r"), .ctrl("s"))
        #expect(harness.sent.isEmpty && harness.saved.isEmpty)
        #expect(harness.state.status.hasPrefix("not sent: Demo/broken.yaml:4:7"))
    }

    @Test("! lists every problem, errors first; Enter goes to the request, or to the folder of a collection file")
    func problemsList() {
        var harness = harness()
        harness.press(.character("!"))
        #expect(harness.state.palette?.title == "Problems")
        #expect(harness.state.palette?.candidates == [
            "✗ Demo/users/delete-user.yaml:2:1: unknown key 'methd'; did you mean 'method'?",
            "✗ Demo/broken.yaml:4:7: malformed YAML: mapping values are not allowed here",
            "! Demo/users/list-users.yaml:5:1: unknown key 'x-owner' is kept but not used",
            "! Public/collection.yaml:3:5: 'timeout' must be a number of seconds",
        ])
        harness.type("collection")
        harness.press(.enter)
        #expect(harness.state.selectedNode?.id == "Public")
        #expect(harness.state.status == "Public/collection.yaml:3:5: 'timeout' must be a number of seconds")
        harness.press(.character("!"), .enter)
        #expect(harness.state.selectedNode?.id == "Demo/users/delete-user")
        #expect(harness.state.openRequest == "Demo/users/delete-user")
        #expect(harness.sent.isEmpty)
    }

    @Test("The go-to palette offers the problems list while there are problems")
    func paletteEntry() {
        var harness = harness()
        harness.press(.character("p"))
        #expect(harness.state.palette?.candidates.first == "! problems")
        harness.type("probl")
        harness.press(.enter)
        #expect(harness.state.palette?.title == "Problems")
        var clean = Harness()
        clean.press(.character("p"))
        #expect(clean.state.palette?.candidates.contains("! problems") == false)
        clean.press(.escape, .character("!"))
        #expect(clean.state.palette == nil && clean.state.status == "no problems in the collections")
    }

    @Test("A reload brings new problems and keeps the selection on its request")
    func reloadProblems() {
        var harness = Harness()
        harness.press(.down, .character("l"), .down, .down)
        #expect(harness.state.selectedNode?.id == "Demo/users/create-user")
        var tree = sampleTree
        tree[0].children[0].children.insert(TreeNode(id: "Demo/users/a-new", title: "a-new", method: "GET"), at: 0)
        harness.receive(.reloaded(tree: tree, definitions: sampleDefinitions, problems: [Self.methd], select: nil))
        #expect(harness.state.selectedNode?.id == "Demo/users/create-user", "the selection follows its request when rows move")
        #expect(harness.state.problems == [Self.methd])
        tree[0].children[0].children.removeAll { $0.id == "Demo/users/create-user" }
        var definitions = sampleDefinitions
        definitions["Demo/users/create-user"] = nil
        harness.receive(.reloaded(tree: tree, definitions: definitions, problems: [], select: nil))
        #expect(harness.state.selectedNode?.id == "Demo/users/delete-user", "a removed row passes the selection to its neighbour")
        #expect(harness.state.openRequest == "Demo/users/delete-user", "which is previewed")
    }
}
