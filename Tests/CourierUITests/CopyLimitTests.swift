import CourierUI
import Testing

/// `y` on more than the clipboard's route carries says so and offers to save to a file.
@Suite("Copy limits")
struct CopyLimitTests {
    private var copies: (Harness) -> [Effect] {
        { $0.effects.filter { if case .copy = $0 { true } else if case .copyCommand = $0 { true } else { false } } }
    }

    @Test("Too large for OSC 52: no copy, a sentence with the size and limit, s saves to a file")
    func tooLarge() {
        var harness = Harness.answered(ResponsePaneTests.snapshot(1))
        harness.state.clipboard = ClipboardRoute(name: "OSC 52", limit: 50)
        harness.press(.character("y"))
        #expect(copies(harness).isEmpty, "nothing claims to be copied")
        guard case .question(let dialog, .tooLargeToCopy(let text))? = harness.state.modal else {
            Issue.record("no dialog: \(harness.state.status)")
            return
        }
        #expect(dialog.message == "110 B is too large for OSC 52 (limit 50 B); press s to save it to a file")
        var alone = Screen(width: 60, height: 20)
        dialog.render(on: &alone, box: .plain, text: .plain, button: .plain, active: .plain)
        #expect(words(of: alone).contains(dialog.message), "the whole sentence is drawn, wrapped")
        #expect(!harness.state.status.hasPrefix("copied"))
        harness.press(.character("s"))
        #expect(harness.state.prompt?.purpose == .saveCopy(text))
        harness.press(.ctrl("u"))
        harness.type("/tmp/body.json")
        harness.press(.enter)
        #expect(harness.effects.last == .writeText(path: "/tmp/body.json", text: text))
    }

    @Test("What fits is copied as before; Cancel copies nothing and saves nothing")
    func fitsOrCancelled() {
        var harness = Harness.answered(ResponsePaneTests.snapshot(1))
        harness.state.clipboard = ClipboardRoute(name: "OSC 52", limit: 10_000)
        harness.press(.character("y"))
        #expect(copies(harness).count == 1)
        harness.state.clipboard = ClipboardRoute(name: "OSC 52", limit: 5)
        harness.press(.character("y"))
        harness.press(.character("c"))
        #expect(harness.state.modal == nil && harness.state.prompt == nil)
        #expect(copies(harness).count == 1)
        #expect(!harness.effects.contains { if case .writeText = $0 { true } else { false } })
    }
}
