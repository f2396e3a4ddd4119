/// A scrollable overlay of text too long for the status line (what an import wrote and could not
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

    /// Where the overlay goes on a screen of this size: where the difference overlay goes.
    public static func frame(width: Int, height: Int) -> Rect { DiffView.frame(width: width, height: height) }

    /// The lines as drawn `width` columns wide: a line longer than that continues on the next,
    /// indented past its own leading spaces and list mark, so items stay apart.
    public func wrapped(width: Int) -> [Line] {
        lines.flatMap { line -> [Line] in
            let indent = Self.hangingIndent(of: line.text)
            let first = DisplayWidth.wrap(line.text, width: max(1, width))
            guard first.count > 1, indent < width / 2 else { return first.map { Line($0, line.tone) } }
            let rest = DisplayWidth.wrap(first.dropFirst().joined(separator: " "), width: max(1, width - indent))
            return [Line(first[0], line.tone)] + rest.map { Line(String(repeating: " ", count: indent) + $0, line.tone) }
        }
    }

    /// The text area inside the frame on a screen of this size.
    static func inside(width: Int, height: Int) -> Rect {
        let inside = frame(width: width, height: height).inset(by: 1)
        // One column of margin on the left, as the overlay draws it.
        return Rect(x: inside.x + 1, y: inside.y, width: inside.width - 1, height: inside.height)
    }

    /// Scrolls for a movement command on a screen of this size; false for anything else.
    public mutating func scroll(_ command: Command?, screenWidth: Int, screenHeight: Int) -> Bool {
        let area = Self.inside(width: screenWidth, height: screenHeight)
        let count = wrapped(width: area.width).count
        guard let moved = ScrollView.top(top, after: command, lineCount: count, height: area.height) else { return false }
        top = moved
        return true
    }

    /// Draws the overlay; `tone` gives each tone's style over `text`, `hint` the keys in the border.
    public func render(on screen: inout Screen, box: Style, text: Style, tone: (Tone) -> Style, hint: String) {
        let rect = Self.frame(width: screen.width, height: screen.height)
        screen.fill(rect, style: text)
        let area = Self.inside(width: screen.width, height: screen.height)
        let all = wrapped(width: area.width)
        // The badge says there is more below, and how far down the view is.
        let position = all.count > area.height ? "\(min(all.count, top + area.height))/\(all.count) · " : ""
        Box(title: title, badge: position + hint, focused: true).draw(in: rect, on: &screen, border: box, titleStyle: box)
        for (offset, line) in all.dropFirst(top).prefix(area.height).enumerated() {
            screen.put(line.text, row: area.y + offset, column: area.x, style: text.patched(with: tone(line.tone)), limit: area.width)
        }
    }

    /// Columns a continuation line is indented by: the line's leading spaces and its list mark.
    private static func hangingIndent(of text: String) -> Int {
        let spaces = text.prefix { $0 == " " }.count
        let rest = text.dropFirst(spaces)
        guard spaces > 0, let mark = rest.first, !mark.isLetter, !mark.isNumber, rest.dropFirst().first == " " else { return spaces }
        return spaces + DisplayWidth.of(mark) + 1
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
