import CourierCollections
import CourierUI
import Testing

@Suite("Palette, titles and the tree filter")
struct CommandPaletteTests {
    /// The sample tree where list-users has the title "List every user".
    private func titled() -> Harness {
        var definitions = sampleDefinitions
        definitions["Demo/users/list-users"]?.name = "List every user"
        var harness = Harness(width: 120, height: 40)
        harness.state = ExplorerState(width: 120, height: 40, tree: sampleTree, definitions: definitions)
        return harness
    }

    @Test("The tree shows a request's title dimmed beside its id")
    func treeTitles() {
        var definitions = sampleDefinitions
        definitions["Demo/echo"]?.name = "Echo it back"
        var harness = Harness(width: 160, height: 40)
        harness.state = ExplorerState(width: 160, height: 40, tree: sampleTree, definitions: definitions)
        let rows = harness.screen.text.split(separator: "\n").map { String($0.prefix(48)) }
        #expect(rows.contains { $0.contains("echo 日本語  Echo it back") }, "\(rows)")
        #expect(rows.contains { $0.hasSuffix("GET    get") || $0.contains("GET    get ") } && !rows.contains { $0.contains("get  get") },
                "a title that only repeats the file name is not shown twice")
    }

    @Test("The palette shows titles beside ids and finds a request by its title")
    func paletteTitles() {
        var harness = titled()
        harness.press(.character("p"))
        #expect(harness.screen.text.contains("Demo/users/list-users  List every user"))
        harness.type("every user")
        #expect(harness.state.palette?.matches.first == "Demo/users/list-users")
        harness.press(.enter)
        #expect(harness.state.editor?.id == "Demo/users/list-users")
    }

    @Test("The palette runs commands: > lists every command of the key map with its key, and choosing one runs it")
    func commands() throws {
        var harness = titled()
        harness.press(.character("p"))
        harness.type(">")
        let matches = try #require(harness.state.palette?.matches)
        #expect(matches.allSatisfy { $0.hasPrefix("> ") })
        #expect(Set(matches) == Set(Command.allCases.filter { $0 != .palette }.map { "> " + $0.rawValue }))
        #expect(harness.screen.text.contains("> help") && harness.screen.text.contains("show every key · ?"))
        harness.type("help")
        harness.press(.enter)
        #expect(harness.state.showingHelp)
    }

    @Test("A command from the palette acts on the open request: save-all saves what waits")
    func saveAllFromPalette() {
        var harness = titled()
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter, .tab)
        harness.pickMethod("PUT")
        harness.press(.character("p"))
        harness.type("> save-all")
        harness.press(.enter)
        #expect(harness.saved.last?.method == "PUT")
    }

    @Test("The filter matches titles, opens the folders of matches, selects the first match and says when nothing matches")
    func filter() {
        var harness = titled()
        harness.press(.left, .character("g"), .left)
        #expect(!harness.screen.text.contains("list-users"), "Demo is collapsed")
        harness.press(.character("/"))
        harness.type("every")
        #expect(harness.state.selectedNode?.id == "Demo/users/list-users", "the first match, not its folder, is selected")
        #expect(harness.screen.text.contains("list-users"))
        harness.press(.escape)
        #expect(harness.state.filter == nil)
        #expect(harness.state.selectedNode?.id == "Demo/users/list-users", "leaving the filter keeps the match, its folders open")
        harness.press(.character("/"))
        harness.type("zzzz")
        #expect(harness.state.rows.isEmpty)
        #expect(harness.screen.text.contains("no matches"))
        #expect(harness.state.status.contains("no matches for 'zzzz'"))
    }
}
