import CourierCollections
import CourierUI
import Testing

@Suite("Request editor")
struct RequestEditorTests {
    /// The harness with create-user open in the request pane.
    private func opened() -> Harness {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        harness.press(.tab)
        return harness
    }

    private var saves: (Harness) -> [RequestDefinition] {
        { $0.effects.compactMap { if case .save(_, let definition) = $0 { definition } else { nil } } }
    }

    @Test("Adding a header marks the request dirty, and the draft is what is sent")
    func addHeader() throws {
        var harness = opened()
        #expect(harness.state.editor?.isDirty == false)
        harness.press(.character("]"), .character("a"))
        harness.type("X-Trace")
        harness.press(.tab)
        harness.type("one")
        harness.press(.enter)
        let editor = try #require(harness.state.editor)
        #expect(editor.draft.headers.map(\.name) == ["Accept", "X-Trace"])
        #expect(editor.draft.headers.last?.value == "one")
        #expect(editor.isDirty)
        #expect(harness.screen.text.contains("● unsaved"))
        harness.press(.character(" "))
        #expect(harness.state.editor?.draft.headers.last?.enabled == false, "space switches a row off")
        harness.press(.ctrl("r"))
        #expect(harness.sentDefinitions.last?.headers.last?.name == "X-Trace")
    }

    @Test("Quitting with unsaved changes asks: Cancel stays, Discard quits, Save quits once saved")
    func quitAsks() throws {
        var harness = opened()
        harness.press(.character("]"), .character("a"))
        harness.type("X")
        harness.press(.enter, .character("q"))
        #expect(harness.state.dialog != nil && !harness.effects.contains(.quit))
        #expect(harness.screen.text.contains("Demo/users/create-user has unsaved changes"))
        harness.press(.escape)
        #expect(harness.state.dialog == nil && harness.state.editor?.isDirty == true)

        harness.press(.ctrl("c"), .character("s"))
        let draft = try #require(saves(harness).last)
        #expect(!harness.effects.contains(.quit), "quits only after the save succeeded")
        harness.effects += harness.state.update(.report("could not save: disk full"))
        #expect(!harness.effects.contains(.quit), "a failed save keeps the explorer open")
        harness.press(.character("q"), .character("s"))
        harness.effects += harness.state.update(.saved(id: "Demo/users/create-user", draft))
        #expect(harness.effects.last == .quit)
        #expect(harness.state.editor?.isDirty == false)

        var discarding = opened()
        discarding.press(.character("]"), .character("a"))
        discarding.type("X")
        discarding.press(.enter, .character("q"), .character("d"))
        #expect(discarding.effects.last == .quit)
        #expect(saves(discarding).isEmpty)
    }

    @Test("Opening another request with unsaved changes does not ask: the edits wait for their request")
    func switchingKeeps() {
        var harness = opened()
        harness.pickMethod("PUT")
        #expect(harness.state.editor?.draft.method == "PUT")
        harness.press(.character("p"))
        harness.type("list-users")
        harness.press(.enter)
        #expect(harness.state.dialog == nil)
        #expect(harness.state.openRequest == "Demo/users/list-users")
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.method == "PUT", "the edits are still there")
    }

    @Test("A body that is not JSON is kept, says where it breaks, and is neither saved nor sent")
    func invalidJSON() throws {
        var harness = opened()
        harness.press(.character("]"), .character("]"), .character("e"))
        #expect(harness.state.editor?.bodyEditor != nil)
        harness.press(.character("x"), .escape)
        let problem = try #require(harness.state.editor?.bodyProblem)
        #expect(problem.contains("line 1, column 1"))
        #expect(harness.state.editor?.bodyText.hasPrefix("x{") == true, "what was typed is kept")
        #expect(harness.screen.text.contains("not valid JSON"))
        harness.press(.ctrl("s"), .ctrl("r"))
        #expect(saves(harness).isEmpty && harness.sent.isEmpty)
        #expect(harness.state.status.contains("not sent"))
        harness.press(.character("e"), .delete, .escape)
        #expect(harness.state.editor?.bodyProblem == nil)
        harness.press(.character("f"))
        #expect(harness.state.editor?.bodyText == "{\n  \"name\": \"Ada\",\n  \"admin\": true\n}")
        harness.press(.ctrl("r"))
        #expect(harness.sent == ["Demo/users/create-user"])
    }

    @Test("Body kinds cycle without losing what was typed in each")
    func bodyKinds() {
        var harness = opened()
        harness.press(.character("]"), .character("]"))
        harness.press(.character("b"))
        #expect(harness.state.editor?.bodyKind == .text)
        #expect(harness.state.editor?.draft.body == .text("{\n  \"name\": \"Ada\",\n  \"admin\": true\n}"))
        harness.press(.character("b"), .character("a"))
        harness.type("email")
        harness.press(.tab)
        harness.type("ada@example.com")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.body == .form([Field(name: "email", value: "ada@example.com")]))
        for _ in 0..<6 { harness.press(.character("b")) }
        #expect(harness.state.editor?.bodyKind == .form)
        #expect(harness.state.editor?.draft.body == .form([Field(name: "email", value: "ada@example.com")]), "cycling back restores the form")
        harness.press(.character("b"), .character("a"))
        harness.type("avatar")
        harness.press(.tab)
        harness.type("@./avatar.png")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.body == .multipart([MultipartField(name: "avatar", file: "./avatar.png")]))
    }

    @Test("The URL is a path unless absolute; a bad timeout is refused with a sentence")
    func urlAndTimeout() {
        var harness = opened()
        harness.press(.enter, .ctrl("u"))
        harness.type("users/{{userId}}")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.path == "users/{{userId}}")
        harness.press(.enter, .ctrl("u"))
        harness.type("https://example.com/x")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.url == "https://example.com/x" && harness.state.editor?.draft.path == nil)
        for _ in 0..<5 { harness.press(.character("]")) }
        #expect(harness.state.editor?.tab == .options)
        harness.press(.enter)
        harness.type("soon")
        harness.press(.enter)
        #expect(harness.state.status.contains("positive number of seconds, not 'soon'"))
        #expect(harness.state.editor?.draft.timeout == nil)
        harness.press(.enter, .ctrl("u"))
        harness.type("2.5")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.timeout == 2.5)
        harness.press(.down, .enter)
        harness.type("-1")
        harness.press(.enter)
        #expect(harness.state.status.contains("retries must be a whole number, 0 or more, not '-1'"))
        harness.press(.enter, .ctrl("u"))
        harness.type("4")
        harness.press(.enter, .down, .character(" "))
        #expect(harness.state.editor?.draft.retries == 4)
        #expect(harness.state.editor?.draft.followRedirects == false)
        #expect(harness.screen.text.contains("not followed"))
        harness.press(.character(" "))
        #expect(harness.state.editor?.draft.followRedirects == nil, "following is the default, so it is not written")
    }

    @Test("Variables: unknown ones are marked once the preview knows the values; V shows the resolved URL")
    func variables() {
        var harness = opened()
        harness.press(.enter, .ctrl("u"))
        harness.type("users/{{userId}}/{{nope}}")
        harness.press(.enter)
        let preview = Preview(curl: "curl 'http://127.0.0.1:1/users/3'", resolvedURL: "http://127.0.0.1:1/users/3/x",
                              baseURL: "{{$demo}}", variables: ["userId": "3", "token": "••••••"], environments: ["local"])
        harness.effects += harness.state.update(.previewed(id: "Demo/users/create-user", preview))
        let theme = Theme(styles: [:], methods: [:], extras: ["variable": Style(underline: true), "variable.missing": Style(reverse: true)])
        let screen = harness.state.render(theme: theme)
        let row = (0..<screen.height).first { screen.line($0).contains("{{$demo}}/users/") } ?? -1
        let line = screen.line(row)
        let column = { (text: String) in line.distance(from: line.startIndex, to: line.range(of: text)?.lowerBound ?? line.startIndex) }
        #expect(screen[row, column("{{userId}}")].style.underline)
        #expect(screen[row, column("{{nope}}")].style.reverse)
        harness.press(.character("V"))
        #expect(harness.screen.text.contains("→ http://127.0.0.1:1/users/3/x"))
        harness.press(.character("v"))
        harness.type("local")
        harness.press(.enter)
        #expect(harness.state.environment == "local")
        // A new preview in the new environment (its History is loaded too).
        #expect(harness.effects.contains(.preview(id: "Demo/users/create-user", definition: harness.state.editor!.draft, environment: "local")))
        #expect(harness.screen.text.contains("env: local"))
    }
}

@Suite("Request editor files and environment shortcuts")
struct RequestEditorFileTests {
    @Test("o lists the files beside the request and attaches the chosen one to the selected part")
    func chooseFile() {
        var harness = Harness(width: 120, height: 40)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter, .tab, .character("]"), .character("]"))
        harness.press(.character("b"), .character("b"), .character("b"))
        #expect(harness.state.editor?.bodyKind == .multipart)
        harness.press(.character("o"))
        #expect(harness.state.status.contains("select a part first"))
        harness.press(.character("a"))
        harness.type("avatar")
        harness.press(.enter, .character("o"))
        #expect(harness.effects.last == .listFiles(requestId: "Demo/users/create-user"))
        harness.effects += harness.state.update(.filesListed(["./avatar.png", "../files/report.pdf"]))
        #expect(harness.screen.text.contains("Attach a file"))
        harness.type("report")
        harness.press(.enter)
        #expect(harness.state.editor?.draft.body == .multipart([MultipartField(name: "avatar", file: "../files/report.pdf")]))
        #expect(harness.screen.text.contains("@../files/report.pdf"))
    }

    @Test("A click on the status line's environment opens the environment palette")
    func environmentClick() {
        var harness = Harness(width: 120, height: 40)
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter)
        harness.send(.mouse(MouseEvent(kind: .press, row: 39, column: 3)))
        #expect(harness.state.palette?.title == "Environment")
    }
}

@Suite("Saving and sending from inside a field")
struct TypingThroughSaveTests {
    @Test("ctrl-s and ctrl-r inside a header value save or send it and leave the field open: the next keys are text, not commands")
    func keepsTyping() throws {
        var harness = Harness.opening("create-user", width: 100, height: 30)
        harness.press(.tab, .character("]"), .enter, .end)
        harness.type("x")
        harness.press(.ctrl("s"))
        #expect(harness.saved.last?.headers.first?.value == "application/jsonx")
        #expect(harness.state.editor?.isTyping == true, "still in the field")
        harness.type("d")
        harness.press(.ctrl("r"))
        #expect(harness.sentDefinitions.last?.headers.first?.value == "application/jsonxd", "d went into the value, not the row")
        #expect(harness.state.editor?.draft.headers.count == 1)
        #expect(harness.state.editor?.isTyping == true)
        harness.press(.escape)
        #expect(harness.state.editor?.isTyping == false)
    }
}
