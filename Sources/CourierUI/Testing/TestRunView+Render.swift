extension ExplorerState {
    /// The results of a folder run, over the request and response panes.
    func drawTestRun(_ run: TestRunView, in rect: Rect, on screen: inout Screen, theme: Theme) {
        screen.fill(rect, style: .plain)
        let cancel = keyMap.key(for: .cancel)
        let badge = run.finished ? "\(keyMap.openKey) opens · \(cancel) closes" : "\(cancel) cancels"
        let title = "Tests of \(run.folder) · \(run.tally)" + (run.cancelled ? " · cancelled" : run.finished ? "" : " · running")
        let inside = Box(title: title, badge: badge, focused: true)
            .draw(in: rect, on: &screen, border: theme.border(focused: true), titleStyle: theme.style(.title))
        guard inside.height > 0 else { return }
        var y = inside.y
        let idWidth = min(max(12, run.rows.map { DisplayWidth.of($0.id) }.max() ?? 0), inside.width / 2)
        let list = max(1, inside.height - 2)
        for (offset, row) in run.rows.dropFirst(run.top).prefix(list).enumerated() {
            let selected = run.top + offset == run.selection
            let base = selected ? theme.style(.selection) : Style.plain
            screen.fill(Rect(x: inside.x, y: y, width: inside.width, height: 1), style: base)
            let markStyle: Style = switch row.verdict {
            case .passed: theme.added
            case .failed, .error: theme.error
            case .skipped: theme.style(.dim)
            }
            screen.put(row.mark, row: y, column: inside.x + 1, style: base.patched(with: markStyle))
            screen.put(row.id, row: y, column: inside.x + 3, style: base, limit: idWidth)
            screen.put(row.summary, row: y, column: inside.x + 5 + idWidth, style: base.patched(with: theme.style(.dim)),
                       limit: inside.maxX - inside.x - 5 - idWidth)
            y += 1
        }
        if let running = run.running, y < inside.maxY {
            screen.put("⟳ \(running)", row: y, column: inside.x + 1, style: theme.style(.dim), limit: inside.width - 1)
        } else if run.rows.isEmpty, y < inside.maxY {
            screen.put(run.finished ? "no requests in \(run.folder)" : "starting…", row: y, column: inside.x + 1, style: theme.style(.dim),
                       limit: inside.width - 1)
        }
        if run.finished, inside.height > 1 {
            let hint = "j k move · \(keyMap.openKey) opens the request with its response in the Tests tab · \(cancel) closes"
            screen.put(hint, row: inside.maxY - 1, column: inside.x + 1, style: theme.style(.dim), limit: inside.width - 1)
        }
    }
}
