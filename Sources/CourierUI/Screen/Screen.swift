import Foundation

/// One cell of the grid: a grapheme (or nothing, for the right half of a wide one) and its style.
public struct Cell: Sendable, Hashable {
    /// The grapheme drawn here; empty for the continuation of a wide grapheme to the left.
    public var text: String
    /// Columns the grapheme takes: 1, 2 (wide) or 0 (continuation).
    public var width: UInt8
    public var style: Style

    public static let blank = Cell(text: " ", width: 1, style: .plain)

    public init(text: String, width: UInt8, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }
}

/// A point on the grid.
public struct Position: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A grid of cells the UI draws into and the terminal copies to the screen. Text is placed by
/// display columns; a wide grapheme that does not fit is never split.
public struct Screen: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal cursor goes, when a text field has focus.
    public var cursor: Position?
    /// Tabs and other places a click acts on, as drawn.
    var clickTargets: [ClickTarget] = []

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// The whole grid as its rectangle.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Writes `text` at (`row`, `column`), clipped to `limit` columns (and the screen).
    /// - Returns: The number of columns written.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, row: Int, column: Int, style: Style = .plain, limit: Int = .max) -> Int {
        guard row >= 0, row < height, column < width else { return 0 }
        // `limit` is often `.max`; compare before adding so the sum cannot overflow.
        let end = max(0, limit) >= width - column ? width : column + max(0, limit)
        var x = column
        for character in text {
            var glyph = character
            var columns = DisplayWidth.of(character)
            if columns == 0 {
                // Control characters would move the real cursor; show them as a replacement glyph.
                guard character.unicodeScalars.first.map({ $0.value < 0x20 || $0.value == 0x7F }) == true else { continue }
                glyph = "�"
                columns = 1
            }
            if x + columns > end { break }
            if x >= 0 {
                clearWide(row: row, column: x)
                if columns == 2 { clearWide(row: row, column: x + 1) }
                self[row, x] = Cell(text: String(glyph), width: UInt8(columns), style: style)
                if columns == 2 { self[row, x + 1] = Cell(text: "", width: 0, style: style) }
            }
            x += columns
        }
        return max(0, x - column)
    }

    /// Sets the style of a run of cells without changing their text.
    public mutating func paint(row: Int, columns: Range<Int>, style: Style) {
        guard row >= 0, row < height else { return }
        for x in max(0, columns.lowerBound)..<min(width, columns.upperBound) { self[row, x].style = style }
    }

    /// Fills a rectangle with blanks of `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let area = rect.intersection(bounds)
        for y in area.y..<area.maxY { for x in area.x..<area.maxX { self[y, x] = Cell(text: " ", width: 1, style: style) } }
    }

    /// Overwriting half of a wide grapheme blanks the other half, so no orphan half remains.
    private mutating func clearWide(row: Int, column: Int) {
        let cell = self[row, column]
        if cell.width == 2, column + 1 < width { self[row, column + 1] = Cell(text: " ", width: 1, style: cell.style) }
        if cell.width == 0, column > 0 { self[row, column - 1] = Cell(text: " ", width: 1, style: self[row, column - 1].style) }
    }

    /// The text of one row, wide graphemes once.
    public func line(_ row: Int) -> String {
        (0..<width).map { self[row, $0].text }.joined()
    }

    /// Every row, trailing spaces removed: the text layer of a snapshot.
    public var text: String {
        (0..<height).map { line($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(separator: "\n")
    }

    /// The cells that differ from `previous` (everything when the sizes differ), row by row.
    public func changes(since previous: Screen?) -> [Position] {
        guard let previous, previous.width == width, previous.height == height else {
            return (0..<height).flatMap { row in (0..<width).map { Position(row: row, column: $0) } }
        }
        var positions: [Position] = []
        for index in cells.indices where cells[index] != previous.cells[index] {
            positions.append(Position(row: index / width, column: index % width))
        }
        return positions
    }
}
