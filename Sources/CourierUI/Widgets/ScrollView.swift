/// Supplies lines to a `ScrollView` on demand, so a view over a million lines only touches the
/// ones on screen.
public protocol LineSource {
    /// How many lines there are.
    var lineCount: Int { get }
    /// The text of one line.
    func line(at index: Int) -> String
}

/// Lines held in an array.
public struct ArrayLineSource: LineSource, Sendable {
    public var lines: [String]
    public init(_ lines: [String]) { self.lines = lines }
    public var lineCount: Int { lines.count }
    public func line(at index: Int) -> String { lines[index] }
}

/// A virtualized view: drawing costs the visible rows, whatever the number of lines.
public struct ScrollView: Sendable, Equatable {
    /// First visible line.
    public private(set) var top = 0
    /// First visible column, for lines wider than the view.
    public private(set) var left = 0
    public var showsLineNumbers: Bool

    public init(showsLineNumbers: Bool = true) { self.showsLineNumbers = showsLineNumbers }

    /// Scrolls by `lines` (negative is up), clamped to the content.
    public mutating func scroll(by lines: Int, lineCount: Int, height: Int) {
        top = max(0, min(top + lines, max(0, lineCount - height)))
    }

    public mutating func scrollHorizontally(by columns: Int) { left = max(0, left + columns) }

    public mutating func scrollToEnd(lineCount: Int, height: Int) { top = max(0, lineCount - height) }

    /// The first line an overlay of `lineCount` lines, `height` rows tall, shows after a movement
    /// command (j, k, page keys, g, G) when it showed `top`; nil for any other command.
    public static func top(_ top: Int, after command: Command?, lineCount: Int, height: Int) -> Int? {
        let page = max(1, height - 1)
        let moved: Int
        switch command {
        case .moveDown?: moved = top + 1
        case .moveUp?: moved = top - 1
        case .pageDown?: moved = top + page
        case .pageUp?: moved = top - page
        case .top?: moved = 0
        case .bottom?: moved = lineCount
        default: return nil
        }
        return max(0, min(moved, lineCount - height))
    }

    /// Draws the visible lines of `source` into `rect`; returns how many lines it asked the source for.
    @discardableResult
    public func render(_ source: some LineSource, in rect: Rect, on screen: inout Screen, style: Style, gutter: Style) -> Int {
        let count = source.lineCount
        let gutterWidth = showsLineNumbers ? String(max(1, count)).count + 1 : 0
        var fetched = 0
        for row in 0..<rect.height {
            let index = top + row
            guard index < count else { break }
            let y = rect.y + row
            if showsLineNumbers {
                let number = String(index + 1)
                screen.put(String(repeating: " ", count: gutterWidth - 1 - number.count) + number, row: y, column: rect.x, style: gutter)
            }
            let text = source.line(at: index)
            fetched += 1
            let visible = Self.dropColumns(left, of: text)
            screen.put(visible, row: y, column: rect.x + gutterWidth, style: style, limit: rect.width - gutterWidth)
        }
        return fetched
    }

    /// `text` without its first `columns` display columns.
    static func dropColumns(_ columns: Int, of text: String) -> Substring {
        guard columns > 0 else { return Substring(text) }
        var skipped = 0
        var index = text.startIndex
        while index < text.endIndex, skipped < columns {
            skipped += DisplayWidth.of(text[index])
            index = text.index(after: index)
        }
        return text[index...]
    }
}
