/// A bordered pane: rounded or square lines, a title on the left of the top edge and a badge on
/// the right, both clipped so the corners always stay.
public struct Box: Sendable {
    public var title: String
    public var badge: String
    public var focused: Bool

    public init(title: String = "", badge: String = "", focused: Bool = false) {
        self.title = title
        self.badge = badge
        self.focused = focused
    }

    /// Draws the border into `rect` and returns the area inside it.
    @discardableResult
    public func draw(in rect: Rect, on screen: inout Screen, border: Style, titleStyle: Style) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let (top, bottom) = focused ? (("┏", "┓"), ("┗", "┛")) : (("┌", "┐"), ("└", "┘"))
        let horizontal = focused ? "━" : "─"
        let vertical = focused ? "┃" : "│"
        let inner = rect.width - 2
        screen.put(top.0 + String(repeating: horizontal, count: inner) + top.1, row: rect.y, column: rect.x, style: border)
        screen.put(bottom.0 + String(repeating: horizontal, count: inner) + bottom.1, row: rect.maxY - 1, column: rect.x, style: border)
        for row in (rect.y + 1)..<(rect.maxY - 1) {
            screen.put(vertical, row: row, column: rect.x, style: border)
            screen.put(vertical, row: row, column: rect.maxX - 1, style: border)
        }
        var used = 0
        if !title.isEmpty, inner >= 3 {
            used = screen.put(" \(title) ", row: rect.y, column: rect.x + 1, style: titleStyle, limit: inner - 1)
        }
        let badgeText = " \(badge) "
        let badgeWidth = DisplayWidth.of(badgeText)
        if !badge.isEmpty, inner - used - 1 >= badgeWidth {
            screen.put(badgeText, row: rect.y, column: rect.maxX - 1 - badgeWidth, style: titleStyle)
        }
        return rect.inset(by: 1)
    }
}
