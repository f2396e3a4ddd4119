/// A one-line progress bar: filled cells for a known fraction, a moving block when it is unknown.
public struct ProgressBar: Sendable {
    public var fraction: Double?
    /// Advances the indeterminate block; the caller bumps it on each frame.
    public var phase: Int

    public init(fraction: Double?, phase: Int = 0) {
        self.fraction = fraction
        self.phase = phase
    }

    public func render(in rect: Rect, on screen: inout Screen, filled: Style, empty: Style) {
        guard rect.width > 0, rect.height > 0 else { return }
        let width = rect.width
        var cells = Array(repeating: "░", count: width)
        if let fraction {
            let count = Int((min(1, max(0, fraction)) * Double(width)).rounded(.down))
            for index in 0..<count { cells[index] = "█" }
        } else {
            let block = max(1, width / 5)
            let start = phase % max(1, width)
            for offset in 0..<block { cells[(start + offset) % width] = "█" }
        }
        for (index, cell) in cells.enumerated() {
            screen.put(cell, row: rect.y, column: rect.x + index, style: cell == "█" ? filled : empty)
        }
    }
}
