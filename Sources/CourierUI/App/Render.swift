import Foundation

/// Where the panes go for a terminal size.
struct Layout {
    let collections: Rect
    let list: Rect
    let request: Rect
    let response: Rect
    let status: Rect
    let filterRow: Int?

    init(state: ExplorerState) {
        let whole = Rect(x: 0, y: 0, width: state.width, height: state.height)
        let (main, status) = whole.splitVertically(ratio: 1, minimumBottom: 1)
        let (left, right) = main.splitHorizontally(ratio: state.collectionsRatio, minimumLeft: 24, minimumRight: 20)
        let (top, bottom) = right.splitVertically(ratio: state.requestRatio, minimumTop: 4, minimumBottom: 4)
        collections = left
        // While filtering, the list's first row holds the filter field.
        let inner = left.inset(by: 1)
        filterRow = state.filter == nil ? nil : inner.y
        list = state.filter == nil ? inner : Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1)
        request = top
        response = bottom
        self.status = status
    }
}

extension ExplorerState {
    /// Draws the whole explorer.
    public func render(theme: Theme = .standard) -> Screen {
        var screen = Screen(width: width, height: height)
        guard !isTooSmall else {
            let message = "needs at least \(Self.minimumWidth)×\(Self.minimumHeight)"
            screen.put(message, row: height / 2, column: max(0, (width - DisplayWidth.of(message)) / 2), style: theme.style(.warning))
            return screen
        }
        let layout = Layout(state: self)
        drawCollections(in: layout, on: &screen, theme: theme)
        let requestTitle = openRequest.map { $0 } ?? "Request"
        Box(title: requestTitle, focused: focus == .request)
            .draw(in: layout.request, on: &screen, border: theme.border(focused: focus == .request), titleStyle: theme.style(.title))
        let hint = openRequest == nil ? "Select a request and press Enter" : "The request editor arrives with the explorer issue"
        screen.put(hint, row: layout.request.y + 1, column: layout.request.x + 2, style: theme.style(.dim), limit: layout.request.width - 4)
        Box(title: "Response", focused: focus == .response)
            .draw(in: layout.response, on: &screen, border: theme.border(focused: focus == .response), titleStyle: theme.style(.title))
        drawStatus(in: layout.status, on: &screen, theme: theme)
        if showingHelp { drawHelp(on: &screen, theme: theme) }
        if var palette {
            palette.render(on: &screen, box: theme.border(focused: true), text: theme.style(.overlay), selected: theme.style(.selection))
        }
        return screen
    }

    private func drawCollections(in layout: Layout, on screen: inout Screen, theme: Theme) {
        let focused = focus == .collections
        Box(title: "Collections", badge: "\(tree.count)", focused: focused)
            .draw(in: layout.collections, on: &screen, border: theme.border(focused: focused), titleStyle: theme.style(.title))
        let list = layout.list
        if var filter, let row = layout.filterRow {
            screen.put("/", row: row, column: list.x, style: theme.style(.title))
            filter.render(on: &screen, row: row, column: list.x + 1, width: list.width - 1, style: theme.style(.title), focused: true)
        }
        let visible = rows.dropFirst(scroll).prefix(list.height)
        for (offset, row) in visible.enumerated() {
            let y = list.y + offset
            let selected = scroll + offset == selection
            let base = selected ? theme.style(focused ? .selection : .selectionUnfocused) : .plain
            screen.fill(Rect(x: list.x, y: y, width: list.width, height: 1), style: base)
            var x = list.x + row.depth * 2
            if row.node.isFolder {
                x += screen.put(expanded.contains(row.node.id) ? "▾ " : "▸ ", row: y, column: x, style: base, limit: list.maxX - x)
                screen.put(row.node.title, row: y, column: x, style: base.patched(with: theme.style(.folder)), limit: list.maxX - x)
            } else {
                let method = row.node.method ?? ""
                let badge = method.padding(toLength: 6, withPad: " ", startingAt: 0)
                x += screen.put(badge + " ", row: y, column: x, style: base.patched(with: theme.method(method)), limit: list.maxX - x)
                screen.put(row.node.title, row: y, column: x, style: base, limit: list.maxX - x)
            }
        }
    }

    private func drawStatus(in rect: Rect, on screen: inout Screen, theme: Theme) {
        screen.fill(rect, style: theme.style(.status))
        let hints = "⏎ open · tab pane · ? help · q quit"
        let left = status.isEmpty ? " courier" : " \(status)"
        let used = screen.put(left, row: rect.y, column: rect.x, style: theme.style(.status), limit: rect.width)
        let hintWidth = DisplayWidth.of(hints) + 1
        if rect.width - used > hintWidth {
            screen.put(hints, row: rect.y, column: rect.maxX - hintWidth, style: theme.style(.status))
        }
    }

    private func drawHelp(on screen: inout Screen, theme: Theme) {
        let lines = keyMap.helpLines
        let width = min(screen.width - 4, 60)
        let height = min(screen.height - 2, lines.count + 2)
        let rect = Rect(x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width, height: height)
        screen.fill(rect, style: theme.style(.overlay))
        let inside = Box(title: "Keys", badge: "any key closes", focused: true)
            .draw(in: rect, on: &screen, border: theme.border(focused: true), titleStyle: theme.style(.title))
        for (index, line) in lines.prefix(inside.height).enumerated() {
            let keys = line.keys.padding(toLength: 18, withPad: " ", startingAt: 0)
            screen.put(keys, row: inside.y + index, column: inside.x + 1, style: theme.style(.overlay).patched(with: theme.style(.title)), limit: inside.width - 1)
            screen.put(line.summary, row: inside.y + index, column: inside.x + 20, style: theme.style(.overlay), limit: inside.width - 20)
        }
    }
}
