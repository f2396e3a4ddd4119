/// The "go to request" palette: a query field over fuzzy-ranked candidates.
public struct Palette: Sendable, Equatable {
    public var field = TextField()
    public private(set) var candidates: [String]
    public private(set) var matches: [String]
    public var selection = 0

    /// What the palette chooses, as its title says.
    public var title = "Go to request"
    /// Dimmed text shown beside a candidate (a request's title, a command's key and summary);
    /// a candidate also matches when its detail holds the query as typed (fuzzy matching long
    /// sentences would match nearly anything).
    public var details: [String: String] = [:]
    /// What starts the entries of commands (`> `): they come after the other matches, unless the
    /// query starts with it too, as in VS Code's command palette.
    public var commandPrefix: String?
    /// Whether Enter may choose what was typed when it is not a candidate (a custom method, a
    /// path): it is then offered as the last match.
    public var acceptsTypedText = false

    public init(candidates: [String], title: String = "Go to request", details: [String: String] = [:], acceptsTypedText: Bool = false) {
        self.title = title
        self.candidates = candidates
        self.details = details
        self.acceptsTypedText = acceptsTypedText
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

    /// Puts `text` in the query field, as if typed.
    public mutating func setQuery(_ text: String) {
        field = TextField(text)
        refilter()
    }

    /// New candidates (a folder listed while browsing), filtered by what is typed.
    public mutating func replaceCandidates(_ candidates: [String], details: [String: String] = [:]) {
        self.candidates = candidates
        self.details = details
        refilter()
    }

    private mutating func refilter() {
        let query = field.text
        // A candidate matches on itself or on its detail (a title), whichever scores higher.
        matches = candidates.compactMap { candidate -> (String, Int)? in
            let detail = details[candidate].flatMap { $0.lowercased().contains(query.lowercased()) ? FuzzyMatch.score(query, $0) : nil }
            return [FuzzyMatch.score(query, candidate), detail].compactMap { $0 }.max().map { (candidate, $0) }
        }
        .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        .map(\.0)
        if query.isEmpty { matches = candidates }
        if let prefix = commandPrefix?.first, query.first != prefix {
            matches = matches.filter { $0.first != prefix } + matches.filter { $0.first == prefix }
        }
        if acceptsTypedText, !query.isEmpty, !candidates.contains(query) { matches.append(query) }
        selection = 0
    }

    public mutating func render(on screen: inout Screen, box: Style, text: Style, selected: Style, dim: Style = .plain) {
        let width = min(screen.width - 4, 70)
        let height = min(screen.height - 2, 14)
        let rect = Rect(x: (screen.width - width) / 2, y: 1, width: width, height: height)
        screen.fill(rect, style: text)
        let inside = Box(title: title, badge: "\(matches.count)", focused: true)
            .draw(in: rect, on: &screen, border: box, titleStyle: box)
        screen.put("›", row: inside.y, column: inside.x, style: box)
        field.render(on: &screen, row: inside.y, column: inside.x + 2, width: inside.width - 2, style: text, focused: true)
        if matches.isEmpty, inside.height > 1 {
            screen.put("no matches", row: inside.y + 1, column: inside.x + 1, style: text.patched(with: dim), limit: inside.width - 1)
        }
        // Keep the selection in view when it goes past the rows that fit.
        let visible = max(1, inside.height - 1)
        let first = max(0, selection - visible + 1)
        for (offset, match) in matches.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset
            let style = index == selection ? selected : text
            let y = inside.y + 1 + offset
            screen.fill(Rect(x: inside.x, y: y, width: inside.width, height: 1), style: style)
            let typed = acceptsTypedText && index == matches.count - 1 && !candidates.contains(match)
            let used = screen.put(typed ? "use “\(match)”" : match, row: y, column: inside.x + 1, style: style, limit: inside.width - 1)
            if let detail = details[match], used + 3 < inside.width {
                screen.put(detail, row: y, column: inside.x + 3 + used, style: style.patched(with: dim), limit: inside.width - 3 - used)
            }
        }
    }
}
