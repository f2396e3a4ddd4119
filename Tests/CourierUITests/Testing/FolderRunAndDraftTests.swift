import Courier
import CourierCollections
import CourierUI
import Foundation
import Testing

/// Folder runs from the tree, captured variables in the variables editor, and restored drafts,
/// through the pure model.
@Suite("Folder runs, captured variables and restored drafts")
struct FolderRunAndDraftTests {
    static func row(_ id: String, _ verdict: RequestOutcome.Verdict, sequence: Int) -> TestRunRow {
        let snapshot = ResponseSnapshot(sequence: sequence, status: 200, reason: "OK", headers: [], body: BodyDocument.make(Data("{}".utf8)),
                                        duration: 0.01, failure: nil, debugLines: [], finishedAt: "12:00:00")
        return TestRunRow(id: id, verdict: verdict, summary: "200 OK · 2 B · 10 ms", snapshot: snapshot)
    }

    @Test("T on a folder runs it; rows come in; esc cancels, then closes; ⏎ opens a request on its Tests tab")
    func folderRun() {
        var harness = Harness(width: 120, height: 40)
        // Demo, then users.
        harness.press(.character("j"), .character("T"))
        #expect(harness.effects.last == .runTests(folder: "Demo/users", environment: nil))
        #expect(harness.state.testRun?.folder == "Demo/users")
        harness.receive(.testStarted("Demo/users/list-users"))
        #expect(harness.screen.text.contains("⟳ Demo/users/list-users"))
        harness.receive(.testRecorded(Self.row("Demo/users/list-users", .passed, sequence: 1)))
        harness.receive(.testRecorded(Self.row("Demo/users/create-user", .failed, sequence: 2)))
        var text = harness.screen.text
        #expect(text.contains("Tests of Demo/users · 1 passed, 1 failed · running"), "\(text)")
        #expect(text.contains("✓ Demo/users/list-users") && text.contains("✗ Demo/users/create-user"), "\(text)")
        // A second T while it runs starts nothing; esc asks the driver to cancel.
        harness.press(.escape)
        #expect(harness.effects.last == .cancelTests)
        harness.receive(.testsFinished(cancelled: true))
        text = harness.screen.text
        #expect(text.contains("1 passed, 1 failed · cancelled"), "\(text)")
        #expect(harness.state.status.contains("Demo/users: 1 passed, 1 failed (cancelled)"))
        // ⏎ on the second row opens create-user with its response in the Tests tab.
        harness.press(.character("j"), .enter)
        #expect(harness.state.testRun == nil)
        #expect(harness.state.editor?.id == "Demo/users/create-user")
        #expect(harness.state.response.current?.sequence == 2 && harness.state.response.tab == .tests)
        #expect(harness.state.history["Demo/users/list-users"]?.count == 1, "every response of the run is in its request's history")
    }

    @Test("The palette runs a folder: test Demo/users")
    func paletteRunsFolder() {
        var harness = Harness(width: 120, height: 40)
        harness.press(.character("p"))
        harness.type("test Demo/users")
        #expect(harness.state.palette?.matches == ["▶ test Demo/users"], "\(harness.state.palette?.matches ?? [])")
        harness.press(.enter)
        #expect(harness.effects.last == .runTests(folder: "Demo/users", environment: nil))
        harness.press(.escape)
        harness.receive(.testsFinished(cancelled: true))
        harness.press(.escape)
        #expect(harness.state.testRun == nil)
    }

    @Test("Captured variables show in the variables editor, marked, secret ones masked; d clears one")
    func capturedVariables() {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        let draft = EnvironmentDraft(requestId: "Demo/users/create-user", name: "local", variables: [Field(name: "user", value: "ada")],
                                     secrets: [], defaults: [],
                                     captured: [CapturedEntry(name: "accessToken", shown: SecretRedactor.mask, secret: true),
                                                CapturedEntry(name: "userId", shown: "13", secret: false)])
        harness.receive(.environmentLoaded(draft))
        let text = harness.screen.text
        #expect(text.contains("accessToken") && text.contains("••••••") && text.contains("captured"), "\(text)")
        #expect(text.contains("userId") && text.contains("13"))
        harness.press(.character("j"), .character("j"), .character("d"))
        #expect(harness.effects.last == .clearCaptured(requestId: "Demo/users/create-user", environment: "local", name: "userId"))
        #expect(harness.state.variablesEditor?.draft.captured.map(\.name) == ["accessToken"])
        #expect(harness.state.variablesEditor?.isDirty == false, "clearing a capture is done at once, not a change to save")
    }

    @Test("A journaled draft opens at start with a message; others wait until their request opens")
    func draftsRestore() throws {
        var harness = Harness(width: 120, height: 40)
        let original = try #require(sampleDefinitions["Demo/users/create-user"])
        var edited = original
        edited.path = "users/restored"
        var other = try #require(sampleDefinitions["Demo/echo"])
        let echoOriginal = other
        other.method = "PATCH"
        harness.receive(.draftsFound([RestoredDraft(id: "Demo/users/create-user", original: original, draft: edited, changedOnDisk: false),
                                      RestoredDraft(id: "Demo/echo", original: echoOriginal, draft: other, changedOnDisk: false)]))
        #expect(harness.state.editor?.id == "Demo/users/create-user" && harness.state.editor?.draft.path == "users/restored")
        #expect(harness.state.editor?.isDirty == true)
        #expect(harness.state.status.contains("restored unsaved edits of Demo/users/create-user"), "\(harness.state.status)")
        #expect(harness.state.status.contains("Demo/echo come back when opened"), "\(harness.state.status)")
        harness.press(.ctrl("s"))
        #expect(harness.saved.last?.path == "users/restored", "the restored edits save like any others")
        harness.receive(.saved(id: "Demo/users/create-user", edited))
        harness.press(.character("p"))
        harness.type("echo")
        harness.press(.enter)
        #expect(harness.state.editor?.id == "Demo/echo" && harness.state.editor?.draft.method == "PATCH")
    }

    @Test("A draft whose file changed on disk since asks which version wins")
    func draftOverChangedFile() throws {
        var harness = Harness(width: 120, height: 40)
        let theirs = try #require(sampleDefinitions["Demo/users/create-user"])
        var original = theirs
        original.path = "users/old"
        var edited = original
        edited.method = "PUT"
        harness.receive(.draftsFound([RestoredDraft(id: "Demo/users/create-user", original: original, draft: edited, changedOnDisk: true)]))
        guard case .question(let dialog, .conflict(let conflict))? = harness.state.modal else {
            Issue.record("no conflict question: \(String(describing: harness.state.modal))")
            return
        }
        #expect(dialog.buttons == ["Keep mine", "Take theirs", "Show the difference"] && conflict.theirs == theirs)
        #expect(harness.state.status.contains("its file changed on disk since"), "\(harness.state.status)")
        // Keep mine: my edit (the method) on top of their version (the path on disk).
        harness.press(.enter)
        #expect(harness.state.editor?.draft.method == "PUT" && harness.state.editor?.draft.path == theirs.path)
    }
}

extension FolderRunAndDraftTests {
    @Test("A JSON body being typed that does not parse yet comes back as typed, with its problem")
    func draftWithBrokenBody() throws {
        var harness = Harness(width: 120, height: 40)
        let original = try #require(sampleDefinitions["Demo/users/create-user"])
        harness.receive(.draftsFound([RestoredDraft(id: "Demo/users/create-user", original: original, draft: original,
                                                    bodyText: "{\"name\": \"Ada\",", changedOnDisk: false)]))
        #expect(harness.state.editor?.bodyText == "{\"name\": \"Ada\",")
        #expect(harness.state.editor?.bodyProblem != nil && harness.state.editor?.isDirty == true)
    }
}

extension FolderRunAndDraftTests {
    @Test("With no environment, ctrl-e shows what was captured with none selected, and d clears it")
    func capturedWithNoEnvironment() throws {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        let preview = Preview(curl: "curl", resolvedURL: nil, baseURL: nil, variables: [:], environments: [],
                              captured: [CapturedEntry(name: "accessToken", shown: SecretRedactor.mask, secret: true)])
        harness.receive(.previewed(id: "Demo/users/create-user", preview))
        harness.press(.ctrl("e"))
        #expect(harness.state.prompt == nil && harness.state.variablesEditor?.capturedOnly == true)
        let text = harness.screen.text
        #expect(text.contains("Captured with no environment") && text.contains("accessToken") && text.contains("••••••"), "\(text)")
        harness.press(.character("a"))
        #expect(harness.state.status.contains("captured with no environment selected"), "nothing to add to: there are no files")
        harness.press(.character("d"))
        #expect(harness.effects.last == .clearCaptured(requestId: "Demo/users/create-user", environment: nil, name: "accessToken"))
        harness.press(.escape)
        #expect(harness.state.variablesEditor == nil)
        harness.press(.ctrl("e"))
        #expect(harness.state.prompt?.purpose == .newEnvironment, "nothing captured any more: ctrl-e offers a new environment again")
    }
}
