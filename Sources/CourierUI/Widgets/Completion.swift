/// Suggestions for the word being typed in a field, in a small list under it: Tab takes the
/// selected one, up and down choose (and then Enter takes it too), Esc closes the list and keeps
/// what was typed. Enter alone still finishes the field, so typing `X` and Enter keeps `X`.
public struct Completion: Sendable, Equatable {
    /// What the chosen suggestion replaces: this many characters before the cursor.
    public var replacing: Int
    /// The suggestions, best first, as they are inserted.
    public var items: [String]
    /// Text put after the chosen suggestion (`}}` closing a variable).
    public var suffix: String
    public var selection = 0
    /// Whether up or down chose a suggestion, so Enter takes it rather than finishing the field.
    public private(set) var isChosen = false

    /// At most this many suggestions are listed.
    public static let limit = 8

    public init?(replacing: Int, items: [String], suffix: String = "") {
        guard !items.isEmpty else { return nil }
        self.replacing = replacing
        self.items = Array(items.prefix(Self.limit))
        self.suffix = suffix
    }

    /// The text the chosen suggestion puts in place of the `replacing` characters.
    public var chosen: String { items[selection] + suffix }

    /// Moves the selection; false for a key the list does not take.
    public mutating func move(_ key: Key) -> Bool {
        switch key {
        case .down, .ctrl("n"): selection = (selection + 1) % items.count
        case .up, .ctrl("p"): selection = (selection + items.count - 1) % items.count
        default: return false
        }
        isChosen = true
        return true
    }

    /// Draws the list under `anchor` (the cursor of the field), or above it when there is no room.
    public func render(on screen: inout Screen, at anchor: Position, text: Style, selected: Style) {
        let width = min(screen.width - anchor.column, (items.map(DisplayWidth.of).max() ?? 0) + 2)
        guard width > 2 else { return }
        let below = anchor.row + 1 + items.count <= screen.height
        let top = below ? anchor.row + 1 : max(0, anchor.row - items.count)
        for (index, item) in items.enumerated() where top + index < screen.height {
            let style = index == selection ? selected : text
            screen.fill(Rect(x: anchor.column, y: top + index, width: width, height: 1), style: style)
            screen.put(item, row: top + index, column: anchor.column + 1, style: style, limit: width - 1)
        }
    }
}
