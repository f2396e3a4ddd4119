import CourierUI
import Testing

@Suite("Widgets")
struct WidgetTests {
    @Test("A text field edits by grapheme and moves by word")
    func textFieldEditing() {
        var field = TextField("hello wörld")
        field.handle(.alt("b"))
        #expect(field.cursor == 6)
        field.handle(.backspace)
        field.insert("_")
        #expect(field.text == "hello_wörld")
        field.handle(.home)
        field.handle(.delete)
        field.handle(.end)
        field.handle(.ctrl("w"))
        #expect(field.text == "")
        var emoji = TextField("a👩‍💻b")
        emoji.handle(.left)
        emoji.handle(.backspace)
        #expect(emoji.text == "ab")
        let handled = emoji.handle(.tab)
        #expect(!handled, "tab is not an editing key")
    }

    @Test("A text field scrolls horizontally without splitting wide characters")
    func textFieldScrolling() {
        var field = TextField("日本語のテキストです")
        var screen = Screen(width: 10, height: 1)
        field.render(on: &screen, row: 0, column: 0, width: 7, style: .plain, focused: true)
        #expect(screen.cursor == Position(row: 0, column: 6))
        #expect(DisplayWidth.of(screen.line(0).trimmingCharacters(in: .whitespaces)) <= 6)
        field.handle(.home)
        field.render(on: &screen, row: 0, column: 0, width: 7, style: .plain, focused: true)
        #expect(screen.line(0).hasPrefix("日本語"))
        #expect(screen.cursor == Position(row: 0, column: 0))
    }

    /// Counts what a scroll view asks for.
    final class CountingSource: LineSource {
        let lineCount: Int
        var requested = 0
        init(lineCount: Int) { self.lineCount = lineCount }
        func line(at index: Int) -> String {
            requested += 1
            return "line \(index) — " + String(repeating: "x", count: index % 7)
        }
    }

    @Test("A scroll view's work depends on its height, not on the number of lines")
    func virtualized() {
        var small = Screen(width: 40, height: 10)
        var large = Screen(width: 40, height: 10)
        let few = CountingSource(lineCount: 50)
        let many = CountingSource(lineCount: 1_000_000)
        var view = ScrollView()
        view.scroll(by: 20, lineCount: few.lineCount, height: 10)
        view.render(few, in: small.bounds, on: &small, style: .plain, gutter: .plain)
        var far = ScrollView()
        far.scrollToEnd(lineCount: many.lineCount, height: 10)
        far.render(many, in: large.bounds, on: &large, style: .plain, gutter: .plain)
        #expect(few.requested == 10 && many.requested == 10)
        #expect(large.line(9).hasPrefix("1000000 line 999999"))
        #expect(small.line(0).hasPrefix("21 line 20"))
    }

    @Test("A progress bar fills by fraction and moves when the total is unknown")
    func progressBar() {
        var screen = Screen(width: 10, height: 2)
        ProgressBar(fraction: 0.5).render(in: Rect(x: 0, y: 0, width: 10, height: 1), on: &screen, filled: .plain, empty: .plain)
        #expect(screen.line(0) == "█████░░░░░")
        ProgressBar(fraction: nil, phase: 8).render(in: Rect(x: 0, y: 1, width: 10, height: 1), on: &screen, filled: .plain, empty: .plain)
        #expect(screen.line(1) == "░░░░░░░░██")
        ProgressBar(fraction: nil, phase: 9).render(in: Rect(x: 0, y: 1, width: 10, height: 1), on: &screen, filled: .plain, empty: .plain)
        #expect(screen.line(1) == "█░░░░░░░░█", "the block wraps around")
    }

    @Test("Fuzzy matching ranks word starts and runs first")
    func fuzzy() {
        let ids = ["Demo/users/list-users", "Demo/users/create-user", "Demo/auth/login", "Public APIs/github/latest-release"]
        #expect(FuzzyMatch.rank("cu", ids).first == "Demo/users/create-user")
        #expect(FuzzyMatch.rank("login", ids) == ["Demo/auth/login"])
        #expect(FuzzyMatch.score("zz", "Demo") == nil)
        #expect(FuzzyMatch.rank("", ids).count == 4)
    }
}

import Foundation
