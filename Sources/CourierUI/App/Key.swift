/// A key press, decoded by the terminal backend.
public enum Key: Sendable, Hashable, CustomStringConvertible {
    case character(Character)
    case up, down, left, right
    /// Shift plus an arrow, for selections.
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case home, end, pageUp, pageDown
    case enter, escape, backspace, delete, insert, tab, backTab
    case function(Int)
    /// Ctrl plus a letter, as `ctrl("s")`.
    case ctrl(Character)
    /// Alt (Meta) plus a character.
    case alt(Character)

    /// The name the key map and help overlay use: `ctrl-s`, `alt-x`, `up`, `q`.
    public var description: String {
        switch self {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .shiftUp: return "shift-up"
        case .shiftDown: return "shift-down"
        case .shiftLeft: return "shift-left"
        case .shiftRight: return "shift-right"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .enter: return "enter"
        case .escape: return "esc"
        case .backspace: return "backspace"
        case .delete: return "delete"
        case .insert: return "insert"
        case .tab: return "tab"
        case .backTab: return "shift-tab"
        case .function(let number): return "f\(number)"
        case .ctrl(let character): return "ctrl-\(character)"
        case .alt(let character): return "alt-\(character)"
        }
    }

    /// Parses a key name as written in the key map (`ctrl-s`, `alt-x`, `f5`, `pgdn`, `j`).
    public init?(name: String) {
        let lower = name.lowercased()
        let named: [String: Key] = [
            "up": .up, "down": .down, "left": .left, "right": .right, "shift-up": .shiftUp, "shift-down": .shiftDown,
            "shift-left": .shiftLeft, "shift-right": .shiftRight, "home": .home, "end": .end,
            "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown, "enter": .enter,
            "return": .enter, "esc": .escape, "escape": .escape, "backspace": .backspace, "delete": .delete,
            "del": .delete, "insert": .insert, "ins": .insert, "tab": .tab, "shift-tab": .backTab, "backtab": .backTab, "space": .character(" "),
        ]
        if let key = named[lower] { self = key; return }
        if lower.hasPrefix("ctrl-"), name.count == 6, let last = lower.last { self = .ctrl(last); return }
        if lower.hasPrefix("alt-"), name.count == 5, let last = name.last { self = .alt(last); return }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...24).contains(number) { self = .function(number); return }
        if name.count == 1, let character = name.first { self = .character(character); return }
        return nil
    }
}

/// Everything the terminal can report.
public enum TerminalEvent: Sendable, Hashable {
    case key(Key)
    /// Text pasted in one piece (bracketed paste), never interpreted as keys.
    case paste(String)
    case resize(width: Int, height: Int)
    case mouse(MouseEvent)
}

/// A mouse click or wheel turn at a cell.
public struct MouseEvent: Sendable, Hashable {
    /// `doublePress`: a second press on the same cell within `ClickCounter.interval`.
    public enum Kind: Sendable, Hashable { case press, doublePress, wheelUp, wheelDown }
    public var kind: Kind
    public var row: Int
    public var column: Int

    public init(kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }
}
