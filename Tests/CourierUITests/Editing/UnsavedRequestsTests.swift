import CourierCollections
import CourierUI
import Testing

@Suite("Several unsaved requests")
struct UnsavedRequestsTests {
    /// create-user and list-users both edited (methods changed), list-users open.
    private func twoEdited() -> Harness {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        harness.press(.tab)
        harness.pickMethod("PUT")
        harness.press(.character("p"))
        harness.type("list-users")
        harness.press(.enter, .tab)
        harness.pickMethod("PATCH")
        return harness
    }

    /// The collections pane's row of request `name`.
    private func treeRow(_ harness: Harness, _ name: String) -> String {
        harness.screen.text.split(separator: "\n").map { String($0.prefix(36)) }.first { $0.contains(name) } ?? ""
    }

    @Test("Switching requests keeps the edits of the one left, without asking, and the tree marks both")
    func switchingKeeps() {
        let harness = twoEdited()
        #expect(harness.state.modal == nil, "nothing asked")
        #expect(harness.state.editor?.id == "Demo/users/list-users")
        #expect(harness.state.unsavedRequests == ["Demo/users/list-users", "Demo/users/create-user"])
        #expect(treeRow(harness, "create-user").contains("create-user ●"))
        #expect(treeRow(harness, "list-users").contains("list-users ●"))
        #expect(!treeRow(harness, "delete-user").contains("●"))
    }

    @Test("Coming back to a request brings its edits back")
    func comingBack() {
        var harness = twoEdited()
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter)
        #expect(harness.state.editor?.id == "Demo/users/create-user")
        #expect(harness.state.editor?.draft.method == "PUT")
        #expect(harness.state.editor?.isDirty == true)
        #expect(harness.state.hasUnsavedEdits("Demo/users/list-users"))
    }

    @Test("Moving through the tree shows other requests; the edits wait")
    func previewKeeps() {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        harness.press(.tab)
        harness.pickMethod("PUT")
        harness.press(.backTab, .down)
        #expect(harness.state.editor?.id != "Demo/users/create-user")
        #expect(harness.state.hasUnsavedEdits("Demo/users/create-user"))
    }

    @Test("ctrl-s saves the open one; S saves every one, and each leaves the list once saved")
    func saveAll() throws {
        var harness = twoEdited()
        harness.press(.ctrl("s"))
        #expect(harness.saved.map(\.method) == ["PATCH"])
        harness.receive(.saved(id: "Demo/users/list-users", try #require(harness.saved.last)))
        #expect(harness.state.unsavedRequests == ["Demo/users/create-user"])
        harness.press(.backTab, .character("S"))
        let saves = harness.effects.compactMap { if case .save(let id, let definition) = $0 { (id, definition.method) } else { nil } }
        #expect(saves.last?.0 == "Demo/users/create-user" && saves.last?.1 == "PUT")
        harness.receive(.saved(id: "Demo/users/create-user", try #require(harness.saved.last)))
        #expect(harness.state.unsavedRequests.isEmpty)
        #expect(!harness.screen.text.contains("●"))
    }

    @Test("Quitting lists every unsaved request: Save all quits once all are saved, Discard all quits, Cancel stays")
    func quitting() throws {
        var harness = twoEdited()
        harness.press(.character("q"))
        let dialog = try #require(harness.state.dialog)
        #expect(dialog.message == "2 requests have unsaved changes: Demo/users/list-users, Demo/users/create-user.")
        #expect(dialog.buttons == ["Save all", "Discard all", "Cancel"])
        harness.press(.escape)
        #expect(harness.state.dialog == nil && !harness.effects.contains(.quit))

        harness.press(.character("q"), .character("s"))
        let saves = harness.effects.compactMap { if case .save(let id, let definition) = $0 { (id, definition) } else { nil } }
        #expect(Set(saves.map(\.0)) == ["Demo/users/list-users", "Demo/users/create-user"])
        harness.receive(.saved(id: saves[0].0, saves[0].1))
        #expect(!harness.effects.contains(.quit), "quits only once every save is done")
        harness.receive(.saved(id: saves[1].0, saves[1].1))
        #expect(harness.effects.last == .quit)

        var discarding = twoEdited()
        discarding.press(.character("q"), .character("d"))
        #expect(discarding.effects.last == .quit)
        #expect(discarding.state.unsavedRequests.isEmpty)
        #expect(discarding.saved.isEmpty)
    }

    @Test("A waiting request's file changed on disk: save-all leaves it for its dialog, reopening asks which version wins")
    func changedOnDiskWhileWaiting() throws {
        var harness = twoEdited()
        var theirs = try #require(sampleDefinitions["Demo/users/create-user"])
        theirs.path = "people"
        harness.receive(.fileChanged(id: "Demo/users/create-user", theirs, problems: []))
        harness.press(.character("S"))
        #expect(harness.saved.map(\.method) == ["PATCH"])
        #expect(harness.state.status.contains("Demo/users/create-user changed on disk since"))
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter)
        #expect(harness.state.dialog?.title == "Changed on disk")
    }
}

extension UnsavedRequestsTests {
    @Test("A reload for another reason that opens another request, then the change of the waiting one's file, asks when it is reopened")
    func reloadThenChange() throws {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        harness.press(.tab)
        harness.pickMethod("PUT")
        var definitions = sampleDefinitions
        definitions["Demo/users/create-user"]?.path = "people"
        harness.receive(.reloaded(tree: sampleTree, definitions: definitions, select: "Demo/users/list-users"))
        #expect(harness.state.openRequest == "Demo/users/list-users")
        harness.receive(.fileChanged(id: "Demo/users/create-user", definitions["Demo/users/create-user"], problems: []))
        harness.press(.character("p"))
        harness.type("create-user")
        harness.press(.enter)
        #expect(harness.state.dialog?.title == "Changed on disk")
    }
}
