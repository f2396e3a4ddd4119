/// A multi-line editor for request bodies: cursor movement, shift-selection, auto-indent,
/// undo/redo (typing coalesces into one step), and paste of large text in one operation.
public struct TextEditor: Sendable, Equatable {
    /// A place in the text: line and grapheme index within it.
    public struct Location: Sendable, Hashable, Comparable {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
        public static func < (a: Location, b: Location) -> Bool { (a.line, a.column) < (b.line, b.column) }
    }

    private struct Snapshot: Sendable, Equatable {
        let lines: [[Character]]
        let cursor: Location
    }

    public private(set) var lines: [[Character]]
    public private(set) var cursor = Location(line: 0, column: 0)
    /// The other end of the selection, when there is one.
    public private(set) var anchor: Location?
    /// First visible line and column.
    public private(set) var top = 0
    public private(set) var left = 0
    private var undoStack: [Snapshot] = []
    private var redoStack: [Snapshot] = []
    /// Whether the last edit was plain typing, so the next character joins its undo step.
    private var typing = false
    /// Remembered column for vertical moves through shorter lines.
    private var preferredColumn: Int?

    public init(_ text: String = "") {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        if lines.isEmpty { lines = [[]] }
    }

    public var text: String { lines.map { String($0) }.joined(separator: "\n") }

    /// The selected range, start before end.
    public var selection: Range<Location>? {
        guard let anchor, anchor != cursor else { return nil }
        return min(anchor, cursor)..<max(anchor, cursor)
    }

    public var selectedText: String? {
        guard let range = selection else { return nil }
        return String(slice(range))
    }

    // MARK: - Keys

    /// Applies a key; returns false when it is not an editing key.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): type(character)
        case .enter: newline()
        case .tab: type(" ", count: 2)
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .left, .right, .up, .down, .home, .end, .pageUp, .pageDown:
            anchor = nil
            move(key)
        case .shiftLeft, .shiftRight, .shiftUp, .shiftDown:
            if anchor == nil { anchor = cursor }
            move([.shiftLeft: .left, .shiftRight: .right, .shiftUp: .up, .shiftDown: .down][key] ?? .left)
        case .ctrl("z"): undo()
        case .ctrl("y"): redo()
        case .ctrl("a"):
            anchor = Location(line: 0, column: 0)
            cursor = end
        default: return false
        }
        return true
    }

    private var end: Location { Location(line: lines.count - 1, column: lines[lines.count - 1].count) }

    // MARK: - Editing

    /// Inserts text at the cursor, replacing the selection: one undo step however long it is.
    public mutating func insert(_ text: String) {
        record(coalescing: false)
        replaceSelection(with: text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    private mutating func type(_ character: Character, count: Int = 1) {
        record(coalescing: character != " " && character != "\n")
        replaceSelection(with: String(repeating: String(character), count: count))
    }

    /// A line break keeps the current line's indentation, plus one level after `{` or `[`.
    private mutating func newline() {
        record(coalescing: false)
        let current = lines[cursor.line]
        var indent = String(current.prefix { $0 == " " || $0 == "\t" })
        if let last = current[..<min(cursor.column, current.count)].last(where: { $0 != " " }), last == "{" || last == "[" {
            indent += "  "
        }
        replaceSelection(with: "\n" + indent)
    }

    private mutating func deleteBackward() {
        record(coalescing: false)
        if selection != nil { replaceSelection(with: ""); return }
        guard cursor != Location(line: 0, column: 0) else { return }
        anchor = cursor
        move(.left)
        replaceSelection(with: "")
    }

    private mutating func deleteForward() {
        record(coalescing: false)
        if selection != nil { replaceSelection(with: ""); return }
        guard cursor != end else { return }
        anchor = cursor
        move(.right)
        replaceSelection(with: "")
    }

    private mutating func replaceSelection(with text: String) {
        let range = selection ?? cursor..<cursor
        let head = lines[range.lowerBound.line][..<range.lowerBound.column]
        let tail = lines[range.upperBound.line][range.upperBound.column...]
        var inserted = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        let lastColumn = inserted[inserted.count - 1].count
        inserted[0] = Array(head) + inserted[0]
        inserted[inserted.count - 1] += tail
        lines.replaceSubrange(range.lowerBound.line...range.upperBound.line, with: inserted)
        cursor = Location(line: range.lowerBound.line + inserted.count - 1,
                          column: inserted.count == 1 ? head.count + lastColumn : lastColumn)
        anchor = nil
        preferredColumn = nil
    }

    private func slice(_ range: Range<Location>) -> String {
        if range.lowerBound.line == range.upperBound.line {
            return String(lines[range.lowerBound.line][range.lowerBound.column..<range.upperBound.column])
        }
        var parts = [String(lines[range.lowerBound.line][range.lowerBound.column...])]
        for line in (range.lowerBound.line + 1)..<range.upperBound.line { parts.append(String(lines[line])) }
        parts.append(String(lines[range.upperBound.line][..<range.upperBound.column]))
        return parts.joined(separator: "\n")
    }

    // MARK: - Undo

    private mutating func record(coalescing: Bool) {
        if !(coalescing && typing) {
            undoStack.append(Snapshot(lines: lines, cursor: cursor))
            if undoStack.count > 500 { undoStack.removeFirst() }
        }
        typing = coalescing
        redoStack.removeAll()
    }

    public mutating func undo() {
        guard let snapshot = undoStack.popLast() else { return }
        redoStack.append(Snapshot(lines: lines, cursor: cursor))
        (lines, cursor, anchor, typing) = (snapshot.lines, snapshot.cursor, nil, false)
    }

    public mutating func redo() {
        guard let snapshot = redoStack.popLast() else { return }
        undoStack.append(Snapshot(lines: lines, cursor: cursor))
        (lines, cursor, anchor, typing) = (snapshot.lines, snapshot.cursor, nil, false)
    }

    // MARK: - Movement

    private mutating func move(_ key: Key) {
        typing = false
        switch key {
        case .left:
            if cursor.column > 0 { cursor.column -= 1 } else if cursor.line > 0 { cursor = Location(line: cursor.line - 1, column: lines[cursor.line - 1].count) }
            preferredColumn = nil
        case .right:
            if cursor.column < lines[cursor.line].count { cursor.column += 1 } else if cursor.line < lines.count - 1 { cursor = Location(line: cursor.line + 1, column: 0) }
            preferredColumn = nil
        case .up: vertical(-1)
        case .down: vertical(1)
        case .pageUp: vertical(-20)
        case .pageDown: vertical(20)
        case .home:
            let indent = lines[cursor.line].prefix { $0 == " " }.count
            cursor.column = cursor.column == indent ? 0 : indent
            preferredColumn = nil
        case .end:
            cursor.column = lines[cursor.line].count
            preferredColumn = nil
        default: break
        }
    }

    private mutating func vertical(_ delta: Int) {
        let column = preferredColumn ?? cursor.column
        preferredColumn = column
        cursor.line = max(0, min(lines.count - 1, cursor.line + delta))
        cursor.column = min(column, lines[cursor.line].count)
    }

    // MARK: - Drawing

    /// Draws the visible part into `rect`, scrolled so the cursor shows; only visible lines are touched.
    public mutating func render(in rect: Rect, on screen: inout Screen, style: Style, selectionStyle: Style, focused: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        if cursor.line < top { top = cursor.line }
        if cursor.line >= top + rect.height { top = cursor.line - rect.height + 1 }
        let cursorColumn = DisplayWidth.of(String(lines[cursor.line][..<cursor.column]))
        if cursorColumn < left { left = cursorColumn }
        if cursorColumn >= left + rect.width { left = cursorColumn - rect.width + 1 }
        let selected = selection
        for row in 0..<rect.height {
            let index = top + row
            guard index < lines.count else { break }
            let text = String(lines[index])
            let visible = ScrollView.dropColumns(left, of: text)
            screen.put(visible, row: rect.y + row, column: rect.x, style: style, limit: rect.width)
            if let selected, index >= selected.lowerBound.line, index <= selected.upperBound.line {
                let from = index == selected.lowerBound.line ? DisplayWidth.of(String(lines[index][..<selected.lowerBound.column])) : 0
                let to = index == selected.upperBound.line ? DisplayWidth.of(String(lines[index][..<selected.upperBound.column])) : DisplayWidth.of(text) + 1
                screen.paint(row: rect.y + row, columns: (rect.x + from - left)..<(rect.x + min(rect.width, to - left)), style: selectionStyle)
            }
        }
        if focused { screen.cursor = Position(row: rect.y + cursor.line - top, column: rect.x + cursorColumn - left) }
    }
}
