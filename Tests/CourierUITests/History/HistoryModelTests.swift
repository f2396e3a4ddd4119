import CourierCollections
import CourierUI
import Foundation
import Testing

@Suite("History in the explorer (model)")
struct HistoryModelTests {
    static let id = "Demo/users/create-user"

    /// A response History read back: no body in memory, its entry number and definition kept.
    static func restored(_ sequence: Int, entry: Int64, status: Int = 200, definition: String? = nil) -> ResponseSnapshot {
        var snapshot = ResponsePaneTests.snapshot(sequence, status: status)
        snapshot = snapshot.releasingBody()
        snapshot.finishedAt = "Nov 2\(entry)"
        snapshot.stored = StoredResponse(entry: entry, environment: nil, bodyKept: true, definition: definition, restored: true)
        return snapshot
    }

    @Test("opening a request reads its History; earlier sessions' responses come first and the last one shows")
    func loadsOnOpen() {
        var harness = Harness.opening("create-user", width: 100, height: 40)
        #expect(harness.effects.contains(.loadHistory(id: Self.id, environment: nil)))
        harness.receive(.historyLoaded(id: Self.id, environment: nil, [Self.restored(101, entry: 1), Self.restored(102, entry: 2, status: 404)]))
        #expect(harness.state.history[Self.id]?.map(\.sequence) == [101, 102])
        #expect(harness.state.response.current?.sequence == 102, "the last response of an earlier session shows")
        #expect(harness.state.status.contains("from History"))

        // A response of this session, recorded in History as entry 3, is listed once when History is read again.
        harness.press(.ctrl("r"))
        harness.receive(.finished(id: Self.id, ResponsePaneTests.snapshot(1)))
        harness.receive(.historyRecorded(id: Self.id, sequence: 1, StoredResponse(entry: 3, environment: nil, bodyKept: true, definition: nil,
                                                                                  restored: false), pruned: []))
        harness.receive(.historyLoaded(id: Self.id, environment: nil, [Self.restored(201, entry: 1), Self.restored(202, entry: 2),
                                                                      Self.restored(203, entry: 3)]))
        #expect(harness.state.history[Self.id]?.map(\.sequence) == [201, 202, 1])
        // Another environment's History does not mix in.
        harness.receive(.historyLoaded(id: Self.id, environment: "staging", [Self.restored(301, entry: 9)]))
        #expect(harness.state.history[Self.id]?.map(\.sequence) == [201, 202, 1])

        harness.press(.character("H"))
        #expect(harness.state.focus == .response)
        #expect(harness.state.response.tab == .history)
        #expect(harness.state.response.historySelection == 2, "the shown response is selected")
        #expect(harness.screen.text.contains("Nov 21"))
    }

    @Test("entries History let go leave the list; this session's stay, no longer stored")
    func pruning() {
        var harness = Harness.opening("create-user", width: 100, height: 40)
        harness.receive(.historyLoaded(id: Self.id, environment: nil, [Self.restored(101, entry: 1), Self.restored(102, entry: 2)]))
        harness.press(.ctrl("r"))
        harness.receive(.finished(id: Self.id, ResponsePaneTests.snapshot(1)))
        harness.receive(.historyRecorded(id: Self.id, sequence: 1, StoredResponse(entry: 3, environment: nil, bodyKept: true, definition: nil,
                                                                                  restored: false), pruned: [1]))
        #expect(harness.state.history[Self.id]?.map(\.sequence) == [102, 1])
        #expect(harness.state.history[Self.id]?.last?.stored?.entry == 3)
        #expect(harness.state.response.current?.stored?.entry == 3)
    }

    @Test("⏎ on a response History kept shows it at once and reads its body back")
    func showsStoredBody() {
        var harness = Harness.opening("create-user", width: 100, height: 40)
        harness.receive(.historyLoaded(id: Self.id, environment: nil, [Self.restored(101, entry: 1), Self.restored(102, entry: 2)]))
        harness.press(.character("H"), .character("k"), .enter)
        #expect(harness.state.response.current?.sequence == 101)
        #expect(harness.effects.last == .loadStoredBody(id: Self.id, Self.restored(101, entry: 1)))
        #expect(harness.state.response.current?.body.note?.contains("reading the") == true)
        harness.receive(.bodyIndexed(id: Self.id, sequence: 101, BodyDocument.make(Data(ResponsePaneTests.body.utf8), contentType: "application/json")))
        #expect(harness.state.response.current?.releasedBodySize == nil)
        #expect(harness.state.history[Self.id]?.first?.releasedBodySize == nil)
        harness.press(.character("]"), .character("]"))
        #expect(harness.state.response.tab == .body)
        #expect(harness.screen.text.contains("\"name\": \"Grace\""))
        harness.press(.character("?"))
        #expect(harness.state.showingHelp)
    }

    @Test("space marks two responses and d compares their bodies, older first; the difference closes with esc")
    func compares() {
        var harness = Harness.opening("create-user", width: 100, height: 40)
        harness.receive(.historyLoaded(id: Self.id, environment: nil, (1...3).map { Self.restored(100 + $0, entry: Int64($0)) }))
        harness.press(.character("H"), .character("d"))
        // Nothing marked: the selected one is the one shown, so there is nothing to compare it with.
        #expect(harness.state.status.contains("mark two responses"))
        harness.press(.character(" "), .character("g"), .character(" "), .character("d"))
        #expect(harness.state.response.historyMarks == [103, 101])
        guard case .compareBodies(let title, let old, let new)? = harness.effects.last else {
            Issue.record("d did not ask for a comparison: \(String(describing: harness.effects.last))")
            return
        }
        #expect((old.sequence, new.sequence) == (101, 103))
        #expect(title == "#1 Nov 21 200 → #3 Nov 23 200")
        #expect(harness.screen.text.contains("✓ 1"))

        harness.receive(.compared(DiffView(title: title, old: "{\n  \"id\": 1\n}", new: "{\n  \"id\": 2\n}")))
        #expect(harness.screen.text.contains("- " + "  \"id\": 1"))
        #expect(harness.screen.text.contains("+ " + "  \"id\": 2"))
        #expect(harness.state.status == "2 lines differ")
        harness.press(.escape)
        #expect(harness.state.modal == nil)
        // A third mark replaces the older of the two.
        harness.press(.character("j"), .character(" "))
        #expect(harness.state.response.historyMarks == [101, 102])
    }

    @Test("r sends the request as it was for that response, values History masked taken from the request as it is now")
    func sendsAgain() throws {
        var harness = Harness.opening("create-user", width: 100, height: 40)
        harness.press(.tab)
        var current = try #require(harness.state.editor?.draft)
        current.headers.append(Field(name: "Authorization", value: "Bearer abcdef123456"))
        harness.state.editor?.draft = current
        var then = current
        then.path = "users/old"
        then.headers = then.headers.map { Field(name: $0.name, value: $0.name == "Authorization" ? "Bearer ••••••" : $0.value) }
        let text = CollectionWriter.text(of: then)
        harness.receive(.historyLoaded(id: Self.id, environment: nil, [Self.restored(101, entry: 1, definition: text)]))
        harness.press(.character("H"), .character("r"))
        let sent = try #require(harness.sentDefinitions.last)
        #expect(sent.path == "users/old")
        #expect(sent.headers.first { $0.name == "Authorization" }?.value == "Bearer abcdef123456")
        #expect(harness.state.sending == Self.id)
        #expect(harness.state.editor?.draft == current, "the draft is left as it is")
        #expect(harness.state.status.contains("sending \(Self.id) again as it was at Nov 21"))
    }

    @Test("History that cannot be used says why, in the status line and the History tab, and the session goes on")
    func unavailable() {
        var harness = Harness.opening("create-user", width: 120, height: 40)
        let sentence = "history is unavailable: /state/history.sqlite is not a database (file is not a database); courier runs without history"
        harness.receive(.historyUnavailable(sentence))
        #expect(harness.state.status == sentence)
        harness.press(.ctrl("r"))
        harness.receive(.finished(id: Self.id, ResponsePaneTests.snapshot(1)))
        harness.press(.character("H"))
        #expect(harness.state.history[Self.id]?.count == 1, "this session's responses are still listed")
        #expect(harness.screen.text.contains("is not a database"))
    }

    @Test("s asks where to save the body, offering the request's name and the content type's extension; a file there is replaced only after asking")
    func savesBody() {
        var harness = Harness.answered(ResponsePaneTests.snapshot(1))
        harness.press(.character("s"))
        #expect(harness.state.prompt?.field.text == "create-user.json")
        #expect(harness.screen.text.contains("Save the 110 B body to"))
        harness.press(.enter)
        #expect(harness.effects.last == .saveBody(id: Self.id, ResponsePaneTests.snapshot(1), path: "create-user.json", overwrite: false))
        harness.receive(.bodyFileExists(id: Self.id, ResponsePaneTests.snapshot(1), path: "create-user.json"))
        #expect(harness.screen.text.contains("create-user.json exists"))
        harness.press(.enter)
        #expect(harness.effects.last == .saveBody(id: Self.id, ResponsePaneTests.snapshot(1), path: "create-user.json", overwrite: true))

        // From the palette too, and Cancel leaves the file alone.
        let before = harness.effects.count
        harness.press(.character("p"))
        harness.type("save the response")
        harness.press(.enter, .enter)
        harness.receive(.bodyFileExists(id: Self.id, ResponsePaneTests.snapshot(1), path: "create-user.json"))
        harness.press(.right, .enter)
        #expect(harness.effects.dropFirst(before) == [.saveBody(id: Self.id, ResponsePaneTests.snapshot(1), path: "create-user.json", overwrite: false)])
    }

    @Test("with no response there is no body to save")
    func nothingToSave() {
        var harness = Harness.opening("create-user")
        harness.press(.character("s"))
        #expect(harness.state.prompt == nil)
        #expect(harness.state.status == "no response body to save: send the request first")
    }

    @Test("file extensions by content type", arguments: [
        ("application/json; charset=utf-8", "json"), ("application/problem+json", "json"), ("application/atom+xml", "xml"),
        ("image/svg+xml", "svg"), ("text/html", "html"), ("text/x-log", "txt"), ("application/octet-stream", "bin"), (nil, "bin"),
    ])
    func fileExtensions(contentType: String?, expected: String) {
        #expect(ExplorerState.fileExtension(for: contentType) == expected)
    }

    @Test("history: in config.yaml sets how much is kept, off keeps none, and bad entries are named")
    func configuration() {
        let (configuration, problems) = ConfigParser.parse("history:\n  keep: 5\n  max-body: 64 KB\n  max-file: off\n", file: "config.yaml")
        #expect(problems.isEmpty)
        #expect(configuration.history == HistoryLimits(enabled: true, keep: 5, inlineBody: 64_000, fileBody: nil))
        #expect(ConfigParser.parse("history: off\n", file: "config.yaml").0.history.enabled == false)
        let (fallback, broken) = ConfigParser.parse("history:\n  keep: many\n  max-fiel: 1 MB\n", file: "config.yaml")
        #expect(fallback.history == .standard)
        #expect(broken.map(\.description).contains { $0.contains("history keep takes a number") })
        #expect(broken.map(\.description).contains { $0.contains("unknown history setting 'max-fiel'; did you mean 'max-file'?") })
    }
}
