/// A modal question with buttons, such as "Discard unsaved changes?".
public struct Dialog: Sendable, Equatable {
    public var title: String
    public var message: String
    public var buttons: [String]
    public var selected: Int
    /// Whether a button's first letter chooses it. A dialog that can appear while the user is
    /// typing (a file changed on disk) takes only arrows and Enter, so a typed letter is never
    /// taken for an answer.
    public var choosesByLetter: Bool

    public init(title: String, message: String, buttons: [String], selected: Int = 0, choosesByLetter: Bool = true) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.selected = selected
        self.choosesByLetter = choosesByLetter
    }

    /// What a key did to the dialog.
    public enum Outcome: Sendable, Equatable {
        case pending
        /// A button was chosen (Enter, or its first letter).
        case chose(Int)
        case cancelled
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .left, .backTab: selected = (selected + buttons.count - 1) % max(1, buttons.count)
        case .right, .tab: selected = (selected + 1) % max(1, buttons.count)
        case .enter: return .chose(selected)
        case .escape: return .cancelled
        case .character(let character) where choosesByLetter:
            if let index = buttons.firstIndex(where: { $0.lowercased().first == Character(character.lowercased()) }) { return .chose(index) }
        default: break
        }
        return .pending
    }

    /// Draws the dialog centred on the screen; the message wraps to the screen (at most
    /// `maximumWidth` wide) and the dialog grows to hold it, so no sentence is cut.
    public func render(on screen: inout Screen, box: Style, text: Style, button: Style, active: Style) {
        let buttonsText = buttons.map { " \($0) " }.joined(separator: "  ")
        let widest = min(screen.width - 2, Self.maximumWidth)
        let width = min(widest, max(DisplayWidth.of(message), DisplayWidth.of(buttonsText), DisplayWidth.of(title) + 4) + 4)
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { DisplayWidth.wrap(String($0), width: max(1, width - 4)) }
        let height = min(screen.height, lines.count + 4)
        let rect = Rect(x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width, height: height)
        screen.fill(rect, style: text)
        let inside = Box(title: title, focused: true).draw(in: rect, on: &screen, border: box, titleStyle: box)
        // The buttons keep their row when the screen is too short for every line of the message.
        let buttonsRow = inside.maxY - 1
        for (offset, line) in lines.prefix(max(0, buttonsRow - 1 - inside.y)).enumerated() {
            screen.put(line, row: inside.y + offset, column: inside.x + 1, style: text, limit: inside.width - 1)
        }
        var x = inside.x + max(1, (inside.width - DisplayWidth.of(buttonsText)) / 2)
        for (index, title) in buttons.enumerated() {
            x += screen.put(" \(title) ", row: buttonsRow, column: x, style: index == selected ? active : button, limit: inside.maxX - x) + 2
        }
    }

    /// The widest a dialog gets: longer messages wrap, as a sentence is easier read in lines of this length.
    static let maximumWidth = 72
}
