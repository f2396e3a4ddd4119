import CourierCollections
import CourierUI
import Testing

/// Files on disk are the truth: what the model does when the driver reports a change.
@Suite("Changes on disk")
struct DiskTests {
    static let id = "Demo/users/create-user"

    /// create-user as someone else saved it: another Accept header.
    static let theirs: RequestDefinition = {
        var definition = sampleDefinitions[id]!
        definition.headers = [Field(name: "Accept", value: "text/plain")]
        return definition
    }()

    /// create-user open on its Headers tab, focus in the request pane.
    private func opened(width: Int = 80, height: Int = 24) -> Harness {
        var harness = Harness.opening("create-user", width: width, height: height)
        harness.press(.tab, .character("]"))
        #expect(harness.state.editor?.tab == .headers && harness.state.editor?.row == 0)
        return harness
    }

    /// `opened()` with the method changed to PUT, unsaved.
    private func dirty(width: Int = 80, height: Int = 24) -> Harness {
        var harness = opened(width: width, height: height)
        harness.pickMethod("PUT")
        #expect(harness.state.editor?.isDirty == true)
        return harness
    }

    @Test("Without unsaved edits the request reloads in place, keeping its tab and row, and says so")
    func cleanReload() {
        var harness = opened()
        harness.receive(.fileChanged(id: Self.id, Self.theirs, problems: []))
        #expect(harness.state.dialog == nil)
        #expect(harness.state.editor?.draft == Self.theirs && harness.state.editor?.original == Self.theirs)
        #expect(harness.state.editor?.tab == .headers && harness.state.editor?.row == 0)
        #expect(harness.state.status == "reloaded Demo/users/create-user: changed on disk")
        #expect(harness.state.definitions[Self.id] == Self.theirs)
        harness.receive(.fileChanged(id: Self.id, Self.theirs, problems: []))
        #expect(harness.state.status == "reloaded Demo/users/create-user: changed on disk", "an echo of the same version is quiet")
        harness.receive(.fileChanged(id: Self.id, nil, problems: []))
        #expect(harness.state.requestPane == .empty)
        #expect(harness.state.status == "Demo/users/create-user was deleted on disk")
    }

    @Test("With unsaved edits a dialog asks; Keep mine moves my edits on top of their version, so a save writes both")
    func keepMine() throws {
        var harness = dirty()
        harness.receive(.fileChanged(id: Self.id, Self.theirs, problems: []))
        #expect(harness.state.dialog?.buttons == ["Keep mine", "Take theirs", "Show the difference"])
        #expect(harness.screen.text.contains("changed on disk"))
        harness.press(.enter)
        let editor = try #require(harness.state.editor)
        // My method, their header: neither side's change is reverted.
        #expect(editor.draft.method == "PUT" && editor.draft.headers == Self.theirs.headers)
        #expect(editor.original == Self.theirs && editor.isDirty)
        harness.press(.ctrl("s"))
        #expect(harness.saved.last?.method == "PUT")
        #expect(harness.saved.last?.headers == Self.theirs.headers)
    }

    @Test("Letters typed while the dialog opens are not answers: only arrows and Enter choose")
    func lettersAreNotAnswers() {
        var harness = dirty()
        harness.receive(.fileChanged(id: Self.id, Self.theirs, problems: []))
        harness.type("tsk")
        #expect(harness.state.dialog?.title == "Changed on disk")
        #expect(harness.state.editor?.draft.method == "PUT", "a typed t did not take theirs")
    }

    @Test("Take theirs replaces the draft with the version on disk")
    func takeTheirs() {
        var harness = dirty()
        harness.receive(.fileChanged(id: Self.id, Self.theirs, problems: []))
        harness.press(.right, .enter)
        #expect(harness.state.dialog == nil)
        #expect(harness.state.editor?.draft == Self.theirs && harness.state.editor?.isDirty == false)
        #expect(harness.state.editor?.tab == .headers)
    }

    @Test("Show the difference: a line diff of the version on disk and what Keep mine writes; Esc goes back to the question")
    func difference() throws {
        var harness = dirty(width: 100, height: 30)
        harness.receive(.fileChanged(id: Self.id, Self.theirs, problems: []))
        harness.press(.right, .right, .enter)
        guard case .difference(let view, _, _)? = harness.state.modal else {
            Issue.record("no difference overlay")
            return
        }
        #expect(view.lines.contains(LineDiff.Line(.removed, "method: POST")))
        #expect(view.lines.contains(LineDiff.Line(.added, "method: PUT")))
        // What Keep mine writes: my method over their header, which is not shown as reverted.
        #expect(view.lines.contains(LineDiff.Line(.same, "  - {name: Accept, value: text/plain}")))
        #expect(view.lines.contains(LineDiff.Line(.same, "name: create-user")))
        let text = harness.screen.text
        #expect(text.contains("- method: POST") && text.contains("+ method: PUT"))
        #expect(text.contains("Demo/users/create-user: − on disk, + after Keep mine · 2 changed"))
        harness.press(.character("j"), .escape)
        #expect(harness.state.dialog?.title == "Changed on disk")
        guard case .question? = harness.state.modal else {
            Issue.record("Esc did not go back to the question")
            return
        }
        harness.press(.escape)
        #expect(harness.state.modal == nil)
        #expect(harness.state.editor?.draft.method == "PUT" && harness.state.editor?.original == Self.theirs, "Esc keeps mine")
    }

    @Test("A deleted file with unsaved edits: keeping the draft makes a save write it again; Close drops it")
    func deleted() {
        var harness = dirty()
        harness.receive(.fileChanged(id: Self.id, nil, problems: []))
        #expect(harness.state.dialog?.buttons == ["Keep mine", "Close"])
        #expect(harness.state.dialog?.message.contains("was deleted on disk") == true)
        harness.press(.enter)
        #expect(harness.state.editor?.fileMissing == true && harness.state.editor?.isDirty == true)
        harness.press(.ctrl("s"))
        #expect(harness.saved.last?.method == "PUT")

        var closing = dirty()
        closing.receive(.fileChanged(id: Self.id, nil, problems: []))
        closing.press(.right, .enter)
        #expect(closing.state.requestPane == .empty)
        #expect(closing.state.status == "closed Demo/users/create-user: its file is gone")
    }

    @Test("A refused save asks the same question; Keep mine lets the next save through")
    func saveConflict() {
        var harness = dirty()
        harness.press(.ctrl("s"))
        #expect(harness.saved.count == 1)
        harness.receive(.saveConflict(id: Self.id, theirs: Self.theirs))
        #expect(harness.state.dialog?.message == "Not saved: Demo/users/create-user changed on disk since it was read.")
        #expect(harness.state.status.hasPrefix("not saved"))
        harness.press(.enter)
        #expect(harness.state.editor?.original == Self.theirs)
        harness.press(.ctrl("s"))
        #expect(harness.saved.count == 2 && harness.saved.last?.method == "PUT")
    }

    @Test("A change to another request only updates its definition")
    func otherRequest() {
        var harness = dirty()
        var listUsers = sampleDefinitions["Demo/users/list-users"]!
        listUsers.method = "HEAD"
        harness.receive(.fileChanged(id: "Demo/users/list-users", listUsers, problems: [ProblemsTests.owner]))
        #expect(harness.state.dialog == nil && harness.state.editor?.draft.method == "PUT")
        #expect(harness.state.definitions["Demo/users/list-users"]?.method == "HEAD")
        #expect(harness.state.problems == [ProblemsTests.owner])
    }

    @Test("The line diff keeps common lines and marks the rest", arguments: [
        ("a\nb\nc\n", "a\nc\nd\n", ["  a", "- b", "  c", "+ d"]),
        ("", "x\n", ["+ x"]),
        ("same\n", "same\n", ["  same"]),
        ("a\nb\n", "b\na\n", ["- a", "  b", "+ a"]),
    ])
    func lineDiff(old: String, new: String, expected: [String]) {
        #expect(LineDiff.lines(from: old, to: new).map(\.marked) == expected)
    }
}

@Suite("Changes on disk to readability")
struct DiskReadabilityTests {
    static let broken = Problem(requestId: DiskTests.id, diagnostic: Diagnostic(
        file: "Demo/users/create-user.yaml", line: 3, column: 2, severity: .error, message: "malformed YAML: could not find expected ':'"))

    @Test("A clean request whose file breaks shows its problems read-only, and comes back when the file is fixed")
    func breaksAndHeals() {
        var harness = Harness.opening("create-user")
        harness.receive(.fileChanged(id: DiskTests.id, nil, problems: [Self.broken]))
        #expect(harness.state.requestPane == .unreadable(id: DiskTests.id))
        #expect(harness.state.status == "Demo/users/create-user changed on disk and cannot be read: "
            + "Demo/users/create-user.yaml:3:2: malformed YAML: could not find expected ':'")
        harness.press(.ctrl("r"))
        #expect(harness.sent.isEmpty)
        harness.receive(.fileChanged(id: DiskTests.id, DiskTests.theirs, problems: []))
        #expect(harness.state.editor?.draft == DiskTests.theirs)
        #expect(harness.state.problems.isEmpty)
        harness.press(.ctrl("r"))
        #expect(harness.sent == [DiskTests.id])
    }

    @Test("Unsaved edits over a file that broke: Keep mine keeps the draft, Take theirs shows the problems")
    func dirtyOverBroken() {
        var harness = Harness.opening("create-user")
        harness.press(.tab)
        harness.pickMethod("PUT")
        harness.receive(.fileChanged(id: DiskTests.id, nil, problems: [Self.broken]))
        #expect(harness.state.dialog?.buttons == ["Keep mine", "Take theirs"])
        #expect(harness.state.dialog?.message.contains("cannot be read") == true)
        var keeping = harness
        keeping.press(.enter)
        #expect(keeping.state.editor?.draft.method == "PUT" && keeping.state.editor?.isDirty == true)
        keeping.press(.ctrl("s"))
        #expect(keeping.saved.last?.method == "PUT", "saving writes the draft over the broken file")
        harness.press(.right, .enter)
        #expect(harness.state.requestPane == .unreadable(id: DiskTests.id))
    }
}

@Suite("Changes on disk: secrets in the difference")
struct DiskSecretsTests {
    @Test("The difference masks credentials written in the file, as the request pane does; templates stay readable")
    func maskedDifference() {
        var harness = Harness.opening("create-user", width: 100, height: 30)
        var theirs = sampleDefinitions[DiskTests.id]!
        theirs.headers = [Field(name: "Authorization", value: "Bearer literal-hdr-tok"), Field(name: "X-Api-Key", value: "literal-api-key-999"),
                          Field(name: "X-Trace", value: "{{traceId}}")]
        theirs.auth = .basic(user: "ada", password: "lovelace-pass")
        harness.press(.tab)
        harness.pickMethod("PUT")
        harness.receive(.fileChanged(id: DiskTests.id, theirs, problems: []))
        harness.press(.right, .right, .enter)
        let text = harness.screen.text
        for secret in ["literal-hdr-tok", "literal-api-key-999", "lovelace-pass"] { #expect(!text.contains(secret), "\(text)") }
        #expect(text.contains("Bearer ••••••") && text.contains("{{traceId}}"), "\(text)")
    }
}
