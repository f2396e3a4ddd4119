/// A row of tabs, the selected one highlighted: `Body  Headers  Key path  cURL  Debug`.
public struct TabBar: Sendable, Equatable {
    public var titles: [String]
    public var selected: Int

    public init(titles: [String], selected: Int = 0) {
        self.titles = titles
        self.selected = selected
    }

    public mutating func next() { selected = (selected + 1) % max(1, titles.count) }
    public mutating func previous() { selected = (selected + titles.count - 1) % max(1, titles.count) }

    /// Draws the tabs; returns the column range of each, for mouse clicks.
    @discardableResult
    public func render(row: Int, column: Int, width: Int, on screen: inout Screen, normal: Style, active: Style) -> [Range<Int>] {
        var x = column
        var ranges: [Range<Int>] = []
        for (index, title) in titles.enumerated() {
            let label = " \(title) "
            let written = screen.put(label, row: row, column: x, style: index == selected ? active : normal, limit: column + width - x)
            ranges.append(x..<(x + written))
            x += written + 1
            if x >= column + width { break }
        }
        return ranges
    }

    /// The tab under a column, for clicks.
    public func tab(at column: Int, in ranges: [Range<Int>]) -> Int? { ranges.firstIndex { $0.contains(column) } }
}
