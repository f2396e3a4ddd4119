import CourierUI
import Testing

@Suite("Display width")
struct DisplayWidthTests {
    @Test("Columns per grapheme", arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("한", 2), ("Ａ", 2), ("🚀", 2), ("👩‍💻", 2), ("❤️", 2),
        ("\u{301}", 0), ("\u{200B}", 0), ("\t", 0), ("─", 1), ("€", 1),
    ])
    func width(text: String, columns: Int) throws {
        let character = try #require(text.first)
        #expect(DisplayWidth.of(character) == columns)
    }

    @Test("Strings add their graphemes")
    func strings() {
        #expect(DisplayWidth.of("naïve 日本 🚀!") == 14)
    }

    @Test("Invalid UTF-8 decodes to replacement characters")
    func invalidUTF8() {
        let text = String(lossyUTF8: [0x61, 0xFF, 0xC3, 0x28, 0x62])
        #expect(text == "a\u{FFFD}\u{FFFD}(b")
        var screen = Screen(width: 10, height: 1)
        screen.put(text, row: 0, column: 0)
        #expect(screen.line(0) == "a��(b     ")
    }
}

@Suite("Screen")
struct ScreenTests {
    @Test("Clipping never splits a wide grapheme")
    func clipping() {
        var screen = Screen(width: 6, height: 2)
        #expect(screen.put("ab日本", row: 0, column: 0) == 6)
        #expect(screen.put("ab日本", row: 1, column: 0, limit: 5) == 4)
        #expect(screen.line(0) == "ab日本")
        #expect(screen.line(1) == "ab日  ")
        #expect(screen[0, 3].width == 0 && screen[0, 2].width == 2)
    }

    @Test("Overwriting half of a wide grapheme blanks the other half")
    func overwriteHalf() {
        var screen = Screen(width: 4, height: 1)
        screen.put("日本", row: 0, column: 0)
        screen.put("x", row: 0, column: 1)
        #expect(screen.line(0) == " x本")
        screen.put("y", row: 0, column: 2)
        #expect(screen.line(0) == " xy ")
    }

    @Test("Control characters show as a replacement, never as cursor movement")
    func controls() {
        var screen = Screen(width: 8, height: 1)
        screen.put("a\u{1B}[2Jb\n", row: 0, column: 0)
        #expect(screen.line(0) == "a�[2Jb� ")
    }

    @Test("Writing off the grid is clipped, not a crash")
    func offGrid() {
        var screen = Screen(width: 3, height: 2)
        screen.put("abcdef", row: 0, column: -2)
        screen.put("x", row: 5, column: 0)
        screen.put("y", row: 1, column: 9)
        screen.fill(Rect(x: -5, y: -5, width: 100, height: 1))
        #expect(screen.line(0) == "cde")
        #expect(Screen(width: -1, height: 3).cells.isEmpty)
    }

    @Test("Changes list only the cells that differ")
    func changes() {
        var before = Screen(width: 5, height: 2)
        before.put("hello", row: 0, column: 0)
        var after = before
        after.put("J", row: 0, column: 0)
        after.paint(row: 1, columns: 3..<4, style: Style(bold: true))
        #expect(after.changes(since: before) == [Position(row: 0, column: 0), Position(row: 1, column: 3)])
        #expect(after.changes(since: nil).count == 10)
        #expect(after.changes(since: Screen(width: 4, height: 2)).count == 10)
    }

    @Test("A box keeps its corners and clips title and badge")
    func box() {
        var screen = Screen(width: 20, height: 3)
        let inside = Box(title: "Collections and more", badge: "12").draw(in: screen.bounds, on: &screen, border: .plain, titleStyle: .plain)
        #expect(inside == Rect(x: 1, y: 1, width: 18, height: 1))
        // The title stops one cell before the corner so the border stays visible.
        #expect(screen.line(0) == "┌ Collections and ─┐")
        #expect(screen.line(2) == "└──────────────────┘")
        var roomy = Screen(width: 24, height: 3)
        Box(title: "Body", badge: "200 OK", focused: true).draw(in: roomy.bounds, on: &roomy, border: .plain, titleStyle: .plain)
        #expect(roomy.line(0) == "┏ Body ━━━━━━━━ 200 OK ┓")
    }

    @Test("Splits honour ratios and minimum sizes")
    func splits() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        #expect(rect.splitHorizontally(ratio: 0.3).0.width == 30)
        #expect(rect.splitHorizontally(ratio: 0.1, minimumLeft: 20).0.width == 20)
        #expect(rect.splitHorizontally(ratio: 0.9, minimumRight: 30).1.width == 30)
        let (top, bottom) = rect.splitVertically(ratio: 0.5, minimumTop: 5, minimumBottom: 5)
        #expect(top.height == 20 && bottom.y == 20 && bottom.height == 20)
        #expect(Rect(x: 0, y: 0, width: 8, height: 4).splitHorizontally(ratio: 0.5, minimumLeft: 6, minimumRight: 6).0.width == 2)
    }
}
