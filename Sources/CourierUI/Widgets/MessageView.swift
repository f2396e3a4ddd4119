/// A scrollable view of text too long for the status line (what an import wrote and could not
/// map): lines wrapped to the width, list items with a hanging indent, each line in a tone.
public struct MessageView: Sendable, Equatable {
    /// How a line is drawn.
    public enum Tone: Sendable, Equatable {
        case plain, heading, good, dim, warning, problem
    }

    /// One line of the message, before wrapping.
    public struct Line: Sendable, Equatable {
        public var text: String
        public var tone: Tone

        /// A line of `text` in `tone`.
        public init(_ text: String, _ tone: Tone = .plain) {
            self.text = text
            self.tone = tone
        }
    }

    /// The overlay's title.
    public var title: String
    /// The message, unwrapped.
    public var lines: [Line]
    /// The first wrapped line shown.
    public private(set) var top = 0

    /// A message of `lines` under `title`.
    public init(title: String, lines: [Line]) {
        self.title = title
        self.lines = lines
    }

    /// The lines as drawn `width` columns wide: a line longer than that continues on the next,
    /// indented past its own leading spaces and list mark, so items stay apart.
    public func wrapped(width: Int) -> [Line] {
        lines.flatMap { line -> [Line] in
            let (prefix, body) = Self.hangingPrefix(of: line.text)
            let indent = DisplayWidth.of(prefix)
            guard indent < width / 2 else { return DisplayWidth.wrap(line.text, width: max(1, width)).map { Line($0, line.tone) } }
            let pad = String(repeating: " ", count: indent)
            return DisplayWidth.wrap(String(body), width: width - indent).enumerated().map {
                Line(($0.offset == 0 ? String(prefix) : pad) + $0.element, line.tone)
            }
        }
    }

    /// The text area inside `rect`: within the border, a column of margin on the left.
    static func textArea(of rect: Rect) -> Rect {
        let inside = rect.inset(by: 1)
        return Rect(x: inside.x + 1, y: inside.y, width: inside.width - 1, height: inside.height)
    }

    /// Scrolls for a movement command, the view drawn in `rect`; false for anything else.
    public mutating func scroll(_ command: Command?, in rect: Rect) -> Bool {
        let area = Self.textArea(of: rect)
        guard let moved = ScrollView.top(top, after: command, lineCount: wrapped(width: area.width).count, height: area.height) else {
            return false
        }
        top = moved
        return true
    }

    /// Draws the view in `rect`; `tone` gives each tone's style over `text`, `hint` the keys in the border.
    public func render(in rect: Rect, on screen: inout Screen, box: Style, text: Style, tone: (Tone) -> Style, hint: String) {
        screen.fill(rect, style: text)
        let area = Self.textArea(of: rect)
        let all = wrapped(width: area.width)
        // The badge says there is more below, and how far down the view is.
        let position = all.count > area.height ? "\(min(all.count, top + area.height))/\(all.count) · " : ""
        Box(title: title, badge: position + hint, focused: true).draw(in: rect, on: &screen, border: box, titleStyle: box)
        for (offset, line) in all.dropFirst(top).prefix(area.height).enumerated() {
            screen.put(line.text, row: area.y + offset, column: area.x, style: text.patched(with: tone(line.tone)), limit: area.width)
        }
    }

    /// What continuation lines are indented past: the line's leading spaces and its list mark
    /// (`  ✗ `), and the rest of the line.
    private static func hangingPrefix(of text: String) -> (Substring, Substring) {
        let spaces = text.prefix { $0 == " " }.count
        let rest = text.dropFirst(spaces)
        if spaces > 0, let mark = rest.first, !mark.isLetter, !mark.isNumber, rest.dropFirst().first == " " {
            return (text.prefix(spaces + 2), text.dropFirst(spaces + 2))
        }
        return (text.prefix(spaces), text.dropFirst(spaces))
    }
}

extension Theme {
    /// The style of a message line's tone.
    func style(for tone: MessageView.Tone) -> Style {
        switch tone {
        case .plain: return .plain
        case .heading: return style(.title)
        case .good: return added
        case .dim: return style(.dim)
        case .warning: return style(.warning)
        case .problem: return error
        }
    }
}
