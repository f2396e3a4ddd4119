import Foundation

/// Where the panes go for a terminal size.
struct Layout {
    let collections: Rect
    let list: Rect
    let request: Rect
    let response: Rect
    /// The response pane's content under its tab bar (and progress bar).
    let responseBody: Rect
    let status: Rect
    let filterRow: Int?
    /// The results of a folder run or an import, over the request and response panes.
    let testRun: Rect

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
        let responseInner = bottom.inset(by: 1)
        let reserved = state.response.transfer == nil ? 1 : 2
        responseBody = Rect(x: responseInner.x, y: responseInner.y + reserved, width: responseInner.width,
                            height: max(0, responseInner.height - reserved))
        self.status = status
        testRun = right
    }
}

/// What one frame cost, for tests and benchmarks that prove the cost does not grow with the content.
public final class RenderStatistics: @unchecked Sendable {  // safe: one render at a time fills it, on the caller's thread
    /// Body lines asked for (decoded and styled) by the Body tab.
    public internal(set) var bodyLinesFetched = 0
    /// Body bytes those lines held.
    public internal(set) var bodyBytesFetched = 0

    public init() {}
}

extension ExplorerState {
    /// Draws the whole explorer; `statistics`, when given, counts the work done.
    public func render(theme: Theme = .standard, statistics: RenderStatistics? = nil) -> Screen {
        var screen = Screen(width: width, height: height)
        guard !isTooSmall else {
            let message = "needs at least \(Self.minimumWidth)×\(Self.minimumHeight)"
            screen.put(message, row: height / 2, column: max(0, (width - DisplayWidth.of(message)) / 2), style: theme.style(.warning))
            return screen
        }
        let layout = Layout(state: self)
        drawCollections(in: layout, on: &screen, theme: theme)
        drawRequest(in: layout.request, on: &screen, theme: theme)
        drawResponse(in: layout, on: &screen, theme: theme, statistics: statistics)
        if let testRun { drawTestRun(testRun, in: layout.testRun, on: &screen, theme: theme) }
        drawStatus(in: layout.status, on: &screen, theme: theme)
        if showingHelp { drawHelp(on: &screen, theme: theme) }
        if var palette {
            palette.render(on: &screen, box: theme.border(focused: true), text: theme.style(.overlay), selected: theme.style(.selection),
                           dim: theme.style(.dim))
        }
        variablesEditor?.render(on: &screen, theme: theme)
        cookiesView?.render(on: &screen, theme: theme)
        if var prompt { drawPrompt(&prompt, on: &screen, theme: theme) }
        switch modal {
        case .question(let dialog, _)?:
            dialog.render(on: &screen, box: theme.border(focused: true), text: theme.style(.overlay),
                          button: theme.style(.overlay), active: theme.style(.selection))
        case .difference(let view, _, _)?:
            view.render(on: &screen, box: theme.border(focused: true), text: theme.style(.overlay), removed: theme.error,
                        added: theme.added, hint: "j k scroll · esc back")
        case .comparison(let view)?:
            view.render(on: &screen, box: theme.border(focused: true), text: theme.style(.overlay), removed: theme.error,
                        added: theme.added, hint: "j k scroll · esc close")
        case .message(let view)?:
            // Over the request and response panes, so the tree beside it shows the new requests.
            view.render(in: layout.testRun, on: &screen, box: theme.border(focused: true), text: theme.style(.overlay), tone: theme.style(for:),
                        hint: "j k scroll · esc close")
        case nil: break
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
        if let query = filter?.text, !query.isEmpty, rows.isEmpty, list.height > 0 {
            screen.put("no matches", row: list.y, column: list.x + 1, style: theme.style(.dim), limit: list.width - 1)
        }
        let visible = rows.dropFirst(scroll).prefix(list.height)
        let marks = problemMarks
        for (offset, row) in visible.enumerated() {
            let y = list.y + offset
            let selected = scroll + offset == selection
            let base = selected ? theme.style(focused ? .selection : .selectionUnfocused) : .plain
            screen.fill(Rect(x: list.x, y: y, width: list.width, height: 1), style: base)
            // A problem's marker sits in the last column, where narrowing the pane never hides it.
            var end = list.maxX
            if let problem = marks[row.node.id], list.width > 4 {
                end -= 2
                screen.put(problem.marker, row: y, column: end + 1, style: base.patched(with: theme.problem(isError: problem.isError)))
            }
            var x = list.x + row.depth * 2
            if row.node.isFolder {
                x += screen.put(expanded.contains(row.node.id) ? "▾ " : "▸ ", row: y, column: x, style: base, limit: end - x)
                screen.put(row.node.title, row: y, column: x, style: base.patched(with: theme.style(.folder)), limit: end - x)
            } else {
                let method = row.node.method ?? ""
                let badge = method.padding(toLength: 6, withPad: " ", startingAt: 0)
                x += screen.put(badge + " ", row: y, column: x, style: base.patched(with: theme.method(method)), limit: end - x)
                let dirty = hasUnsavedEdits(row.node.id) ? " ●" : ""
                let used = screen.put(row.node.title + dirty, row: y, column: x, style: base, limit: end - x)
                if let query = filter?.text, !query.isEmpty {
                    screen.highlight(Highlight.fuzzy(query, in: row.node.title), of: row.node.title, row: y, column: x,
                                     limit: end - x, style: theme.style(named: "search.match"))
                }
                if let title = title(of: row.node.id), title != row.node.title, x + used + 2 < end {
                    screen.put(title, row: y, column: x + used + 2, style: base.patched(with: theme.style(.dim)), limit: end - x - used - 2)
                }
            }
        }
    }

    private func drawStatus(in rect: Rect, on screen: inout Screen, theme: Theme) {
        screen.fill(rect, style: theme.style(.status))
        var left = " env: \(environment ?? "none")"
        if let editor, editor.isDirty { left += " · ● unsaved" }
        left += " · " + (status.isEmpty ? "courier" : status)
        let hints = hintText
        // A message cut by the edge says so, and which key shows it whole.
        let fits = DisplayWidth.of(left) <= rect.width
        let cut = fits ? "" : cutMessageHint
        var used = screen.put(left, row: rect.y, column: rect.x, style: theme.style(.status), limit: rect.width - DisplayWidth.of(cut))
        used += screen.put(cut, row: rect.y, column: rect.x + used, style: theme.style(.status).patched(with: theme.style(.title)), limit: rect.width - used)
        let hintWidth = DisplayWidth.of(hints) + 1
        if rect.width - used > hintWidth {
            screen.put(hints, row: rect.y, column: rect.maxX - hintWidth, style: theme.style(.status).patched(with: theme.style(.dim)))
        }
    }

    /// Key hints for what has focus.
    /// The status line's hints, in the keys the key map has now, so a rebinding in config.yaml shows.
    private var hintText: String {
        let key = keyMap.key(for:)
        let (send, save, help, cancel) = (key(.send), key(.save), key(.help), key(.cancel))
        if editor?.bodyEditor != nil { return "esc done · \(save) save · \(send) send" }
        if editor?.edit != nil { return "⏎ done · tab name/value · esc done" }
        if let testRun { return testRun.finished ? "\(keyMap.openKey) open · \(cancel) close · \(help) help" : "\(cancel) cancel · \(help) help" }
        if sending != nil { return "\(cancel) cancel · \(help) help" }
        let tabs = "\(key(.previousTab)) \(key(.nextTab)) tab"
        switch focus {
        case .collections:
            let problems = self.problems.isEmpty ? "" : " · \(key(.problems)) problems"
            return "\(keyMap.openKey) open · \(send) send · \(key(.add)) new · \(key(.filter)) filter\(problems) · \(help) help"
        case .request: return "\(tabs) · \(keyMap.openKey) edit · \(key(.add)) add · \(send) send · \(save) save · \(help) help"
        case .response: return "\(tabs) · \(key(.filter)) search · \(key(.fold)) fold · \(key(.copy)) copy · \(help) help"
        }
    }

    private func drawHelp(on screen: inout Screen, theme: Theme) {
        let width = min(screen.width - 4, 84)
        // A summary longer than its column goes on under itself rather than being cut.
        let summaryWidth = max(1, width - 2 - 21)
        let lines = keyMap.helpLines.flatMap { line in
            DisplayWidth.wrap(line.summary, width: summaryWidth).enumerated().map { (keys: $0.offset == 0 ? line.keys : "", summary: $0.element) }
        }
        let height = min(screen.height - 2, lines.count + 2)
        let rect = Rect(x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width, height: height)
        screen.fill(rect, style: theme.style(.overlay))
        let inside = Box(title: "Keys", badge: "j/k scroll · any other key closes", focused: true)
            .draw(in: rect, on: &screen, border: theme.border(focused: true), titleStyle: theme.style(.title))
        let first = min(helpScroll, max(0, lines.count - inside.height))
        for (index, line) in lines.dropFirst(first).prefix(inside.height).enumerated() {
            let keys = line.keys.padding(toLength: 18, withPad: " ", startingAt: 0)
            screen.put(keys, row: inside.y + index, column: inside.x + 1, style: theme.style(.overlay).patched(with: theme.style(.title)), limit: inside.width - 1)
            screen.put(line.summary, row: inside.y + index, column: inside.x + 20, style: theme.style(.overlay), limit: inside.width - 20)
        }
    }

    private func drawPrompt(_ prompt: inout Prompt, on screen: inout Screen, theme: Theme) {
        let width = min(screen.width - 4, 60)
        let rect = Rect(x: (screen.width - width) / 2, y: (screen.height - 3) / 2, width: width, height: 3)
        screen.fill(rect, style: theme.style(.overlay))
        let inside = Box(title: prompt.title, badge: "⏎ ok · esc cancel", focused: true)
            .draw(in: rect, on: &screen, border: theme.border(focused: true), titleStyle: theme.style(.title))
        prompt.field.render(on: &screen, row: inside.y, column: inside.x + 1, width: inside.width - 2, style: theme.style(.overlay), focused: true)
    }
}
