import CourierCollections
import CourierUI
import Foundation
import Testing

/// Colour out of the box: the built-in theme is the shipped `default`, and each thing the explorer
/// distinguishes by colour is drawn in its role's style, with no theme file and no config.
@Suite("Colours by default")
struct ColourTests {
    private static let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes")

    /// The style of the first cell where `text` is drawn, nil when the screen does not show it.
    private func style(of text: String, in screen: Screen, after row: Int = 0, before column: Int? = nil) -> Style? {
        let characters = text.map(String.init)
        let width = column ?? screen.width
        for y in row..<screen.height {
            for x in 0..<width where x + characters.count <= width {
                if characters.indices.allSatisfy({ screen[y, x + $0].text == characters[$0] }) { return screen[y, x].style }
            }
        }
        return nil
    }

    @Test("Each built-in theme is the text of its file in Themes/", arguments: ["default", "light", "solarized-dark", "high-contrast", "monochrome"])
    func builtInMatchesFile(name: String) throws {
        #expect(Theme.builtIn.contains { $0.name == name })
        let file = try String(contentsOf: Self.themes.appendingPathComponent("\(name).yaml"), encoding: .utf8)
        #expect(Theme.builtInText(name).map { $0 + "\n" } == file, "Themes/\(name).yaml and BuiltInThemes.swift differ")
    }

    @Test("The built-in theme styles every role a theme may style")
    func everyRole() throws {
        let file = try String(contentsOf: Self.themes.appendingPathComponent("default.yaml"), encoding: .utf8)
        #expect(Theme.standard == ThemeParser.parse(file, file: "default.yaml").0)
        for role in ThemeParser.knownRoles {
            #expect(Theme.standard.style(named: role) != .plain, "\(role) has no style")
        }
    }

    @Test("A theme with one unknown role keeps every other role and names the bad one")
    func unknownRoleKeepsTheRest() {
        let (theme, problems) = ThemeParser.parse("styles:\n  bordr: red\n  focus: green\n  json.key: blue\n", file: "mine.yaml")
        #expect(problems.map(\.description) == ["mine.yaml:2:3: unknown role 'bordr'; did you mean 'border'?"])
        #expect(theme.style(.focus).foreground == .basic(2))
        #expect(theme.style(named: "json.key").foreground == .basic(4))
        #expect(theme.style(.border) == Theme.standard.style(.border))
    }

    @Test("Status classes have their colours: a 503 does not look like a 200", arguments: [200, 301, 404, 503])
    func statusClasses(status: Int) {
        let harness = Harness.answered(ResponsePaneTests.snapshot(1, status: status))
        let expected = Theme.standard.style(named: "status.\(status / 100)xx").foreground
        #expect(style(of: "\(status) OK", in: harness.screen)?.foreground == expected)
        #expect(expected != .default)
    }

    @Test("Search matches are highlighted in the text, not only in the line number")
    func searchMatches() {
        var harness = Harness.answered(ResponsePaneTests.snapshot(1))
        harness.press(.character("/"))
        harness.type("grace")
        harness.press(.enter)
        harness.runSearches()
        let match = Theme.standard.style(named: "search.match")
        #expect(style(of: "Grace", in: harness.screen)?.background == match.background)
        #expect(style(of: "Ada", in: harness.screen)?.background != match.background, "only the match stands out")
    }

    @Test("Filter matches are highlighted in the tree")
    func filterMatches() {
        var harness = Harness(width: 100, height: 40)
        harness.press(.character("/"))
        harness.type("delete")
        let match = Theme.standard.style(named: "search.match")
        // In the tree, the left 30 of 100 columns: the request pane shows the first match, which the filter selected.
        let tree = 30
        #expect(style(of: "delete-user", in: harness.screen, after: 2, before: tree)?.background == match.background)
        #expect(style(of: "-user", in: harness.screen, after: 2, before: tree)?.background != match.background)
    }

    @Test("An undefined {{variable}} is drawn in the missing colour before anything is sent")
    func missingVariable() {
        var definitions = sampleDefinitions
        definitions["Demo/users/create-user"]?.path = "users/{{nope}}/{{known}}"
        var harness = Harness(width: 120, height: 40)
        harness.state = ExplorerState(width: 120, height: 40, tree: sampleTree, definitions: definitions)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter)
        harness.receive(.previewed(id: "Demo/users/create-user", Preview(
            curl: "", resolvedURL: "cannot resolve: nope is not defined", baseURL: nil, variables: ["known": "1"], environments: [])))
        #expect(style(of: "{{nope}}", in: harness.screen)?.foreground == Theme.standard.style(named: "variable.missing").foreground)
        #expect(style(of: "{{known}}", in: harness.screen)?.foreground == Theme.standard.style(named: "variable").foreground)
        #expect(harness.sent.isEmpty)
    }
}
