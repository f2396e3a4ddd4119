/// A scrollable overlay with the line difference of two versions of a file.
public struct DiffView: Sendable, Equatable {
    /// What is compared, for the overlay's title.
    public var title: String
    /// The difference, line by line.
    public let lines: [LineDiff.Line]
    /// The first line shown.
    public private(set) var top = 0

    /// The difference from `old` to `new`.
    public init(title: String, old: String, new: String) {
        self.title = title
        lines = LineDiff.lines(from: old, to: new)
    }

    /// How many lines differ, for the title: `3 changed`.
    public var changedCount: Int { lines.filter { $0.kind != .same }.count }

    /// Scrolls for a movement command; returns false for anything else.
    public mutating func scroll(_ command: Command?, height: Int) -> Bool {
        guard let moved = ScrollView.top(top, after: command, lineCount: lines.count, height: height) else { return false }
        top = moved
        return true
    }

    /// Where the overlay goes on a screen of this size.
    public static func frame(width: Int, height: Int) -> Rect {
        Rect(x: 2, y: 1, width: width - 4, height: height - 2)
    }

    /// Draws the overlay: removed lines in `removed`, added ones in `added`.
    public func render(on screen: inout Screen, box: Style, text: Style, removed: Style, added: Style, hint: String) {
        let rect = Self.frame(width: screen.width, height: screen.height)
        screen.fill(rect, style: text)
        let inside = Box(title: "\(title) · \(changedCount) changed", badge: hint, focused: true)
            .draw(in: rect, on: &screen, border: box, titleStyle: box)
        for (offset, line) in lines.dropFirst(top).prefix(inside.height).enumerated() {
            let style = switch line.kind {
            case .same: text
            case .removed: text.patched(with: removed)
            case .added: text.patched(with: added)
            }
            screen.put(line.marked, row: inside.y + offset, column: inside.x + 1, style: style, limit: inside.width - 1)
        }
    }
}
