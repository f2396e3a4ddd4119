/// A rectangle of cells.
public struct Rect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }

    /// The rectangle shrunk by `amount` on every side.
    public func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// Splits into a left and a right part; `ratio` of the width goes left, within the minimums.
    public func splitHorizontally(ratio: Double, minimumLeft: Int = 0, minimumRight: Int = 0) -> (Rect, Rect) {
        let wanted = Int((Double(width) * ratio).rounded())
        let left = min(max(wanted, minimumLeft), max(0, width - minimumRight))
        return (Rect(x: x, y: y, width: left, height: height), Rect(x: x + left, y: y, width: width - left, height: height))
    }

    /// Splits into a top and a bottom part; `ratio` of the height goes on top, within the minimums.
    public func splitVertically(ratio: Double, minimumTop: Int = 0, minimumBottom: Int = 0) -> (Rect, Rect) {
        let wanted = Int((Double(height) * ratio).rounded())
        let top = min(max(wanted, minimumTop), max(0, height - minimumBottom))
        return (Rect(x: x, y: y, width: width, height: top), Rect(x: x, y: y + top, width: width, height: height - top))
    }
}
