/// A place on screen that a click acts on, recorded while drawing, so clicks follow the layout
/// as it was drawn (problems above the tabs, a progress bar, a resolved URL) without working it
/// out a second time.
struct ClickTarget: Sendable, Equatable {
    enum Action: Sendable, Equatable {
        case requestTab(RequestTab)
        case responseTab(ResponsePane.Tab)
    }

    var row: Int
    var columns: Range<Int>
    var action: Action

    func contains(_ mouse: MouseEvent) -> Bool { mouse.row == row && columns.contains(mouse.column) }

    /// One target per tab drawn on `row` at `ranges`, as `TabBar.render` returned them.
    static func tabs(row: Int, ranges: [Range<Int>], action: (Int) -> Action) -> [ClickTarget] {
        ranges.enumerated().map { ClickTarget(row: row, columns: $0.element, action: action($0.offset)) }
    }
}

/// Turns a second press on the same cell soon after the first into a double press, as desktop
/// toolkits do; the runtime feeds it every mouse event with the time it was read.
public struct ClickCounter: Sendable {
    /// How soon the second press must follow.
    public static let interval: Duration = .milliseconds(400)
    private var last: (row: Int, column: Int, at: ContinuousClock.Instant)?

    public init() {}

    /// `event`, or the same event as a double press when it completes one.
    public mutating func classify(_ event: MouseEvent, at time: ContinuousClock.Instant) -> MouseEvent {
        guard event.kind == .press else { return event }
        if let last, last.row == event.row, last.column == event.column, time - last.at <= Self.interval {
            // A third press starts over rather than making a second double.
            self.last = nil
            return MouseEvent(kind: .doublePress, row: event.row, column: event.column)
        }
        last = (event.row, event.column, time)
        return event
    }
}
