/// Name/value rows with an enable toggle, for query parameters, headers and form fields.
public struct KeyValueTable: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var name: String
        public var value: String
        public var enabled: Bool
        public init(name: String, value: String, enabled: Bool = true) {
            self.name = name
            self.value = value
            self.enabled = enabled
        }
    }

    public var rows: [Row]
    public var selection = 0

    public init(rows: [Row]) { self.rows = rows }

    /// Moves the selection or toggles the selected row (space); returns false for other keys.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .up, .character("k"): selection = max(0, selection - 1)
        case .down, .character("j"): selection = min(max(0, rows.count - 1), selection + 1)
        case .character(" "):
            guard rows.indices.contains(selection) else { return true }
            rows[selection].enabled.toggle()
        case .character("d"), .delete:
            guard rows.indices.contains(selection) else { return true }
            rows.remove(at: selection)
            selection = min(selection, max(0, rows.count - 1))
        default: return false
        }
        return true
    }

    /// Draws `[x] name  value` rows; disabled rows are dimmed, values masked for secret names.
    public func render(in rect: Rect, on screen: inout Screen, style: Style, selected: Style, disabled: Style,
                       masked: Set<String> = []) {
        let nameWidth = min(max(8, rows.map { DisplayWidth.of($0.name) }.max() ?? 0), rect.width / 2)
        for (index, row) in rows.prefix(rect.height).enumerated() {
            let y = rect.y + index
            var base = row.enabled ? style : disabled
            if index == selection { base = base.patched(with: selected) }
            screen.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: base)
            var x = rect.x + screen.put(row.enabled ? "[x] " : "[ ] ", row: y, column: rect.x, style: base, limit: rect.width)
            screen.put(row.name, row: y, column: x, style: base, limit: nameWidth)
            x += nameWidth + 2
            let value = masked.contains(row.name) ? "••••••" : row.value
            screen.put(value, row: y, column: x, style: base, limit: rect.maxX - x)
        }
    }
}
