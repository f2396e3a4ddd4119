/// The "go to request" palette: a query field over fuzzy-ranked candidates.
public struct Palette: Sendable, Equatable {
    public var field = TextField()
    public let candidates: [String]
    public private(set) var matches: [String]
    public var selection = 0

    /// What the palette chooses, as its title says.
    public var title = "Go to request"

    public init(candidates: [String], title: String = "Go to request") {
        self.title = title
        self.candidates = candidates
        matches = candidates
    }

    /// What a key did to the palette.
    public enum Outcome: Sendable, Equatable {
        case pending
        case chose(String)
        case cancelled
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .cancelled
        case .enter: return matches.indices.contains(selection) ? .chose(matches[selection]) : .pending
        case .up, .ctrl("p"): selection = max(0, selection - 1)
        case .down, .ctrl("n"): selection = min(max(0, matches.count - 1), selection + 1)
        default:
            if field.handle(key) { refilter() }
        }
        return .pending
    }

    public mutating func paste(_ text: String) {
        field.insert(text)
        refilter()
    }

    private mutating func refilter() {
        matches = FuzzyMatch.rank(field.text, candidates)
        selection = 0
    }

    public mutating func render(on screen: inout Screen, box: Style, text: Style, selected: Style) {
        let width = min(screen.width - 4, 70)
        let height = min(screen.height - 2, 14)
        let rect = Rect(x: (screen.width - width) / 2, y: 1, width: width, height: height)
        screen.fill(rect, style: text)
        let inside = Box(title: title, badge: "\(matches.count)", focused: true)
            .draw(in: rect, on: &screen, border: box, titleStyle: box)
        screen.put("›", row: inside.y, column: inside.x, style: box)
        field.render(on: &screen, row: inside.y, column: inside.x + 2, width: inside.width - 2, style: text, focused: true)
        for (index, match) in matches.prefix(inside.height - 1).enumerated() {
            let style = index == selection ? selected : text
            screen.fill(Rect(x: inside.x, y: inside.y + 1 + index, width: inside.width, height: 1), style: style)
            screen.put(match, row: inside.y + 1 + index, column: inside.x + 1, style: style, limit: inside.width - 1)
        }
    }
}
