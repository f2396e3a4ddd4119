import CourierCollections
import CourierUI
import Testing

/// Issue 18's explorer part without a terminal: the palette's import entries, the two prompts,
/// the effect the driver runs, and the results view of what it reports.
@Suite("Importing from the palette")
struct ImportPaletteTests {
    /// The sample tree with an `Imported` collection the driver's reload brought.
    static let importedTree: [TreeNode] = sampleTree + [
        TreeNode(id: "Imported", title: "Imported", children: [
            TreeNode(id: "Imported/pets", title: "pets", children: [
                TreeNode(id: "Imported/pets/list-pets", title: "list-pets", method: "GET"),
                TreeNode(id: "Imported/pets/create-pet", title: "create-pet", method: "POST"),
            ]),
        ]),
    ]

    static let report: ImportReport = {
        var report = ImportReport()
        report.written = ["Imported/collection.yaml", "Imported/pets/list-pets.yaml", "Imported/pets/create-pet.yaml"]
        report.unmapped = [UnmappedItem(file: "petstore.yaml", item: "security scheme oauth", reason: "OAuth 2 flows have no auth kind in Courier; listed")]
        report.notes = ["Collections/.gitignore now ignores *.secret.yaml"]
        report.requestCount = 2
        report.requestIds = ["Imported/pets/list-pets", "Imported/pets/create-pet"]
        return report
    }()

    /// The palette opened, `entry` typed and chosen.
    private func choosing(_ entry: String, in harness: inout Harness) {
        harness.press(.character("p"))
        harness.type(entry)
        harness.press(.enter)
    }

    @Test("The palette offers one import per format, after the requests and folder runs")
    func entries() {
        var harness = Harness()
        harness.press(.character("p"))
        let candidates = harness.state.palette?.candidates ?? []
        #expect(candidates.first == "Demo/users/list-users", "going to a request stays the palette's first use")
        #expect(candidates.suffix(5) == [
            "⇣ import postman · a Postman collection (v2.0/v2.1 JSON)",
            "⇣ import insomnia · an Insomnia export (v4 JSON/YAML, v5 YAML)",
            "⇣ import openapi · an OpenAPI 3.0/3.1 description (JSON/YAML)",
            "⇣ import har · a HAR file from browser devtools",
            "⇣ import http · a .http/.rest file (REST Client, JetBrains)",
        ])
        harness.type("import openapi")
        #expect(harness.state.palette?.matches.first == "⇣ import openapi · an OpenAPI 3.0/3.1 description (JSON/YAML)")
    }

    @Test("import asks for the file, then the folder (the selected one typed), then the driver imports")
    func prompts() {
        var harness = Harness()
        // The users folder selected in the tree.
        harness.press(.character("j"))
        choosing("import openapi", in: &harness)
        #expect(harness.state.prompt?.purpose == .importSource(.openapi))
        #expect(harness.state.prompt?.title == "Import openapi: file (relative, absolute or ~/…)")
        #expect(harness.screen.text.contains("Import openapi: file (relative, absolute or ~/…)"))
        harness.type("~/specs/petstore.yaml")
        harness.press(.enter)
        #expect(harness.state.prompt?.purpose == .importInto(.openapi, source: "~/specs/petstore.yaml"))
        #expect(harness.state.prompt?.field.text == "Demo/users", "the selected folder is the default destination")
        #expect(harness.effects.isEmpty, "nothing runs before both answers are in")
        // The typed destination wins; a trailing slash is the same folder.
        harness.press(.ctrl("u"))
        harness.type("Imported/shop/")
        harness.press(.enter)
        #expect(harness.state.prompt == nil)
        #expect(harness.effects == [.importFile(format: .openapi, source: "~/specs/petstore.yaml", into: "Imported/shop")])
        #expect(harness.state.status == "importing ~/specs/petstore.yaml into Imported/shop…")
    }

    @Test("The default destination: the selected folder, a selected request's folder, else Imported")
    func defaultDestination() {
        var onRequest = Harness()
        onRequest.press(.character("j"), .character("j"))
        #expect(onRequest.state.selectedNode?.id == "Demo/echo")
        choosing("import har", in: &onRequest)
        onRequest.type("capture.har")
        onRequest.press(.enter)
        #expect(onRequest.state.prompt?.field.text == "Demo")

        var empty = Harness(tree: [])
        choosing("import http", in: &empty)
        empty.type("api.http")
        empty.press(.enter)
        #expect(empty.state.prompt?.field.text == "Imported")
    }

    @Test("An empty answer says what is missing; esc leaves; neither imports")
    func emptyAnswers() {
        var harness = Harness()
        choosing("import postman", in: &harness)
        harness.press(.enter)
        #expect(harness.state.prompt == nil && harness.state.status == "nothing imported: type the path of the file to import")
        choosing("import postman", in: &harness)
        harness.type("shop.json")
        harness.press(.enter, .ctrl("u"), .enter)
        #expect(harness.state.status == "nothing imported: type a collection or a folder inside one, such as Imported")
        choosing("import postman", in: &harness)
        harness.type("shop.json")
        harness.press(.enter, .escape)
        #expect(harness.state.prompt == nil && harness.effects.isEmpty)
    }

    @Test("The results: the first new request selected and shown, what was written and not mapped listed; esc closes")
    func results() {
        var harness = Harness(width: 100, height: 30)
        var definitions = sampleDefinitions
        var listPets = RequestDefinition()
        listPets.name = "List all pets"
        listPets.path = "pets"
        definitions["Imported/pets/list-pets"] = listPets
        harness.receive(.reloaded(tree: Self.importedTree, definitions: definitions, problems: [], select: nil))
        harness.receive(.imported(.imported(.openapi, Self.report, summary: "2 request(s) from 1 file(s) into Imported")))
        #expect(harness.state.selectedNode?.id == "Imported/pets/list-pets" && harness.state.focus == .collections)
        #expect(harness.state.openRequest == "Imported/pets/list-pets", "the request pane shows the first new request")
        #expect(harness.state.status == "imported 2 request(s) from 1 file(s) into Imported; 1 item(s) could not be mapped")
        guard case .message(let view)? = harness.state.modal else {
            Issue.record("no results view: \(String(describing: harness.state.modal))")
            return
        }
        #expect(view.title == "Import openapi")
        #expect(view.lines.map(\.text) == [
            "imported 2 request(s) from 1 file(s) into Imported",
            "1 item(s) could not be mapped: each is listed below with its file and why.",
            "", "Written (3)",
            "  + Imported/collection.yaml", "  + Imported/pets/list-pets.yaml", "  + Imported/pets/create-pet.yaml",
            "", "Notes (1)", "  • Collections/.gitignore now ignores *.secret.yaml",
            "", "Not mapped (file: item: why) (1)",
            "  ✗ petstore.yaml: security scheme oauth: OAuth 2 flows have no auth kind in Courier; listed",
        ])
        let screen = harness.screen.text
        #expect(screen.contains("Import openapi") && screen.contains("✗ petstore.yaml: security scheme oauth"), "\(screen)")
        #expect(screen.contains("▾ pets") && screen.contains("list-pets"), "the tree shows the new requests: \(screen)")
        harness.press(.escape)
        #expect(harness.state.modal == nil && harness.effects.allSatisfy { if case .send = $0 { false } else { true } })
    }

    @Test("A long report scrolls with j and G; the border says how far down it is")
    func scrolling() {
        var harness = Harness(width: 80, height: 16)
        var report = Self.report
        report.unmapped = (1...30).map { UnmappedItem(file: "big.json", item: "request \($0)", reason: "kept as a comment") }
        harness.receive(.imported(.imported(.postman, report, summary: "2 request(s) from 1 file(s) into Imported")))
        // 13 rows of text beside the tree, over the request and response panes.
        #expect(harness.screen.text.contains(" 13/43 · j k scroll · esc close"), "\(harness.screen.text)")
        harness.press(.character("G"))
        #expect(harness.screen.text.contains("✗ big.json: request 30: kept as a comment"))
        harness.press(.character("g"), .character("j"))
        guard case .message(let view)? = harness.state.modal else {
            Issue.record("the view closed on a scroll key")
            return
        }
        #expect(view.top == 1)
        harness.press(.character("q"))
        #expect(harness.state.modal == nil && harness.effects.isEmpty, "q closes the view, it does not quit")
    }

    @Test("A file that cannot be imported: the sentence in the results view and the status line; the tree stays")
    func failure() {
        var harness = Harness()
        let sentence = "cannot read missing.yaml: no such file, or it is not readable"
        harness.receive(.imported(.failed(.openapi, sentence)))
        #expect(harness.state.status == sentence && harness.state.selectedNode?.id == "Demo")
        guard case .message(let view)? = harness.state.modal else {
            Issue.record("no results view")
            return
        }
        #expect(view.title == "Import openapi: nothing imported" && view.lines.first == MessageView.Line(sentence, .problem))
        harness.press(.enter)
        #expect(harness.state.modal == nil)
    }

    @Test("Long lines wrap to the view, list items with a hanging indent")
    func wrapping() {
        let view = MessageView(title: "t", lines: [.init("  ✗ file.json: the first item: a reason long enough to wrap", .problem), .init("plain words wrap flush left")])
        #expect(view.wrapped(width: 24).map(\.text) == [
            "  ✗ file.json: the first", "    item: a reason long", "    enough to wrap", "plain words wrap flush", "left",
        ])
        #expect(view.wrapped(width: 24).prefix(3).allSatisfy { $0.tone == .problem })
    }

    @Test("? help says the palette imports")
    func help() {
        #expect(KeyMap.standard.helpLines.contains { $0.summary.contains("import FORMAT") && $0.keys.contains("p") })
    }
}
