/// A single-line text field: cursor by grapheme, word motions, home/end, and horizontal
/// scrolling by display columns so wide characters and emoji stay whole.
public struct TextField: Sendable, Equatable {
    /// The text as graphemes; the cursor indexes into them.
    public private(set) var characters: [Character]
    /// Cursor position, 0…characters.count.
    public private(set) var cursor: Int
    /// First visible column of the text (in display columns).
    public private(set) var scroll = 0
    /// Earlier texts for ctrl-z, and undone ones for ctrl-y: a field undoes as the body editor does.
    private var undone = History()

    /// The text and cursor at one point of the edit.
    private struct Version: Sendable, Equatable {
        var characters: [Character]
        var cursor: Int
    }

    private struct History: Sendable, Equatable {
        var back: [Version] = []
        var forward: [Version] = []
    }

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Applies an editing key; returns false when the key is not an editing key.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        let before = Version(characters: characters, cursor: cursor)
        switch key {
        case .ctrl("z"), .ctrl("y"):
            let (from, to) = key == .ctrl("z") ? (\History.back, \History.forward) : (\History.forward, \History.back)
            guard let version = undone[keyPath: from].popLast() else { return true }
            undone[keyPath: to].append(before)
            (characters, cursor) = (version.characters, version.cursor)
            return true
        case .character(let character): place(String(character))
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(characters.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = characters.count
        case .alt("b"): cursor = previousWordStart()
        case .alt("f"): cursor = nextWordEnd()
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .ctrl("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .ctrl("w"):
            let start = previousWordStart()
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .ctrl("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .ctrl("k"):
            characters.removeSubrange(cursor..<characters.count)
        default:
            return false
        }
        if characters != before.characters { remember(before) }
        return true
    }

    /// Keeps `version` for ctrl-z; a new edit forgets what was undone.
    private mutating func remember(_ version: Version) {
        undone.back.append(version)
        if undone.back.count > 200 { undone.back.removeFirst() }
        undone.forward.removeAll()
    }

    /// Inserts text at the cursor (typing or paste); line breaks become spaces.
    public mutating func insert(_ text: String) {
        remember(Version(characters: characters, cursor: cursor))
        place(text)
    }

    private mutating func place(_ text: String) {
        let clean = text.map { $0.isNewline ? " " : $0 }
        characters.insert(contentsOf: clean, at: cursor)
        cursor += clean.count
    }

    private func previousWordStart() -> Int {
        var index = cursor
        while index > 0, !isWord(characters[index - 1]) { index -= 1 }
        while index > 0, isWord(characters[index - 1]) { index -= 1 }
        return index
    }

    private func nextWordEnd() -> Int {
        var index = cursor
        while index < characters.count, !isWord(characters[index]) { index += 1 }
        while index < characters.count, isWord(characters[index]) { index += 1 }
        return index
    }

    private func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }

    /// Draws the field into `width` columns at (`row`, `column`), scrolling so the cursor shows,
    /// and puts the terminal cursor there.
    public mutating func render(on screen: inout Screen, row: Int, column: Int, width: Int, style: Style, focused: Bool) {
        guard width > 0 else { return }
        let cursorColumn = DisplayWidth.of(String(characters[..<cursor]))
        if cursorColumn < scroll { scroll = cursorColumn }
        if cursorColumn >= scroll + width { scroll = cursorColumn - width + 1 }
        screen.fill(Rect(x: column, y: row, width: width, height: 1), style: style)
        // Skip whole graphemes until the scroll offset; a wide one straddling it is left out.
        var skipped = 0
        var start = 0
        while start < characters.count, skipped < scroll {
            skipped += DisplayWidth.of(characters[start])
            start += 1
        }
        let lead = skipped - scroll
        screen.put(String(characters[start...]), row: row, column: column + lead, style: style, limit: width - lead)
        if focused { screen.cursor = Position(row: row, column: column + cursorColumn - scroll) }
    }
}
