import CourierUI
import Testing

@Suite("Body editor")
struct TextEditorTests {
    private func typing(_ text: String, into editor: inout TextEditor) {
        for character in text { editor.handle(character == "\n" ? .enter : .character(character)) }
    }

    @Test("Typing, line breaks with auto-indent, and movement")
    func typingAndIndent() {
        var editor = TextEditor()
        typing("{\n\"a\": [\n1,\n2\n]\n}", into: &editor)
        #expect(editor.text == "{\n  \"a\": [\n    1,\n    2\n    ]\n    }")
        editor.handle(.up)
        editor.handle(.home)
        #expect(editor.cursor == TextEditor.Location(line: 4, column: 4))
        editor.handle(.home)
        #expect(editor.cursor.column == 0)
    }

    @Test("Vertical moves remember the column through short lines")
    func preferredColumn() {
        var editor = TextEditor("long line here\nab\nanother long line")
        editor.handle(.up)
        editor.handle(.up)
        editor.handle(.end)
        #expect(editor.cursor == TextEditor.Location(line: 0, column: 14))
        editor.handle(.down)
        #expect(editor.cursor == TextEditor.Location(line: 1, column: 2))
        editor.handle(.down)
        #expect(editor.cursor == TextEditor.Location(line: 2, column: 14))
    }

    @Test("Shift selects; typing replaces the selection; backspace deletes it")
    func selection() {
        var editor = TextEditor("hello world")
        editor.handle(.home)
        for _ in 0..<5 { editor.handle(.shiftRight) }
        #expect(editor.selectedText == "hello")
        editor.handle(.character("J"))
        #expect(editor.text == "J world")
        editor.handle(.ctrl("a"))
        editor.handle(.backspace)
        #expect(editor.text == "")
    }

    @Test("Undo takes back a typed word in one step; redo brings it back")
    func undoRedo() {
        var editor = TextEditor()
        typing("one two", into: &editor)
        editor.handle(.ctrl("z"))
        #expect(editor.text == "one ")
        editor.handle(.ctrl("z"))
        editor.handle(.ctrl("z"))
        #expect(editor.text == "")
        editor.handle(.ctrl("y"))
        editor.handle(.ctrl("y"))
        editor.handle(.ctrl("y"))
        #expect(editor.text == "one two")
    }

    @Test("A large paste is one edit and one undo step")
    func paste() {
        var editor = TextEditor("start:")
        let block = String(repeating: "{\"id\": 1, \"name\": \"Ada\"},\n", count: 40_000)
        editor.insert(block)
        #expect(editor.lines.count == 40_001)
        #expect(editor.cursor == TextEditor.Location(line: 40_000, column: 0))
        editor.undo()
        #expect(editor.text == "start:")
    }

    @Test("Drawing scrolls to the cursor and paints the selection")
    func drawing() {
        var editor = TextEditor((0..<30).map { "line \($0)" }.joined(separator: "\n"))
        var screen = Screen(width: 12, height: 5)
        #expect(editor.cursor == TextEditor.Location(line: 0, column: 0), "a body opens at its top")
        editor.handle(.pageDown)
        editor.handle(.pageDown)
        editor.handle(.end)
        editor.handle(.shiftLeft)
        editor.render(in: screen.bounds, on: &screen, style: .plain, selectionStyle: Style(reverse: true), focused: true)
        #expect(screen.line(4).hasPrefix("line 29"))
        #expect(screen.cursor == Position(row: 4, column: 6))
        #expect(screen[4, 6].style.reverse && !screen[4, 5].style.reverse)
    }
}
