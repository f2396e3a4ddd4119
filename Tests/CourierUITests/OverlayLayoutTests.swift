import CourierUI
import Foundation
import Testing

/// The help overlay and dialogs are centred and wrap long lines instead of cutting them.
@Suite("Overlay layout")
struct OverlayLayoutTests {
    @Test("A dialog with a long message wraps it, shows every word and stays centred")
    func dialogWraps() {
        var screen = Screen(width: 80, height: 24)
        let message = "The file users/create-user.yaml changed on disk while you were editing it; keep your edits, take theirs, or see the difference first?"
        Dialog(title: "Changed on disk", message: message, buttons: ["Keep", "Theirs", "Difference"])
            .render(on: &screen, box: .plain, text: .plain, button: .plain, active: .plain)
        #expect(words(of: screen).contains(message), "every word is drawn, in order")
        #expect((0..<screen.height).contains { screen.line($0).contains("Keep") && screen.line($0).contains("Difference") })
        let rows = (0..<screen.height).filter { screen.line($0).contains("┃") }
        let top = (rows.first ?? 0) - 1, bottom = (rows.last ?? 0) + 1
        #expect(abs(top - (screen.height - 1 - bottom)) <= 1, "as far from the top as from the bottom")
        let line = screen.line(rows.first ?? 0)
        let left = line.prefix { $0 == " " }.count
        let right = line.reversed().prefix { $0 == " " }.count
        #expect(abs(left - right) <= 1, "as far from the left as from the right")
    }

    @Test("The help overlay wraps a long summary under itself instead of cutting it")
    func helpWraps() {
        var harness = Harness(width: 60, height: 200)
        harness.press(.character("?"))
        let screen = harness.screen
        #expect(words(of: screen).contains(Command.copy.summary), "the whole summary, over as many rows as it takes")
        #expect(!(0..<screen.height).contains { screen.line($0).contains(Command.copy.summary) }, "it is longer than one row here")
    }
}
