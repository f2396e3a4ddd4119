import Courier

extension ExplorerState {
    func drawResponse(in layout: Layout, on screen: inout Screen, theme: Theme, statistics: RenderStatistics? = nil) {
        let focused = focus == .response
        let pane = response
        var title = "Response"
        var titleStyle = theme.style(.title)
        if let transfer = pane.transfer {
            title = "⟳ " + transfer.text
        } else if let outcome = pane.outcome {
            title = outcome
            titleStyle = titleStyle.patched(with: theme.style(.warning))
        } else if let current = pane.current, let status = current.status {
            title = current.summary
            titleStyle = titleStyle.patched(with: theme.style(named: "status.\(status / 100)xx"))
        }
        let badge = pane.transfer != nil ? "\(keyMap.key(for: .cancel)) cancels" : pane.current.map { "at \($0.finishedAt)" } ?? ""
        let inside = Box(title: title, badge: badge, focused: focused)
            .draw(in: layout.response, on: &screen, border: theme.border(focused: focused), titleStyle: titleStyle)
        guard inside.height > 0 else { return }
        var y = inside.y
        if let transfer = pane.transfer {
            ProgressBar(fraction: transfer.fraction, phase: Int(transfer.elapsed * 10))
                .render(in: Rect(x: inside.x + 1, y: y, width: inside.width - 2, height: 1), on: &screen,
                        filled: theme.style(.focus), empty: theme.style(.dim))
            y += 1
        }
        guard y < inside.maxY else { return }
        let visible = pane.visibleTabs
        let tabs = TabBar(titles: visible.map(pane.title), selected: visible.firstIndex(of: pane.tab) ?? 0)
            .render(row: y, column: inside.x, width: inside.width, on: &screen, normal: theme.style(.dim),
                    active: focused ? theme.style(.selection) : theme.style(.selectionUnfocused))
        screen.clickTargets += ClickTarget.tabs(row: y, ranges: tabs) { .responseTab(visible[$0]) }
        let area = layout.responseBody
        guard area.height > 0 else { return }
        if let live = pane.live, drawLive(live, in: area, on: &screen, theme: theme) { return }
        guard let current = pane.current else {
            if pane.tab == .curl {
                drawLines(pane.curl.split(separator: "\n").map(String.init), from: pane.otherTop, in: area, on: &screen, style: .plain)
            } else if pane.transfer == nil {
                let hint = editor == nil ? "Responses show here" : "\(keyMap.key(for: .send)) sends \(editor?.id ?? "")"
                screen.put(hint, row: area.y, column: area.x + 1, style: theme.style(.dim), limit: area.width - 1)
            }
            return
        }
        switch pane.tab {
        case .body: drawBody(current, in: area, on: &screen, theme: theme, statistics: statistics)
        case .events: drawEvents(pane.eventLog ?? EventLog(), redactor: current.redactor, in: area, on: &screen, theme: theme)
        case .headers:
            let nameWidth = min(max(8, current.headers.map { DisplayWidth.of($0.name) }.max() ?? 0), area.width / 2)
            for (offset, header) in current.headers.dropFirst(pane.otherTop).prefix(area.height).enumerated() {
                screen.put(header.name, row: area.y + offset, column: area.x + 1, style: theme.style(named: "json.key"), limit: nameWidth)
                screen.put(header.value, row: area.y + offset, column: area.x + nameWidth + 3, style: .plain, limit: area.width - nameWidth - 3)
            }
        case .keyPath: drawKeyPath(in: area, on: &screen, theme: theme)
        case .curl: drawLines(pane.curl.split(separator: "\n").map(String.init), from: pane.otherTop, in: area, on: &screen, style: .plain)
        case .debug: drawLines(pane.debugRows(width: area.width - 1), from: pane.otherTop, in: area, on: &screen, style: .plain)
        case .history: drawHistory(in: area, on: &screen, theme: theme)
        case .tests: drawTests(pane.testLines, from: pane.otherTop, in: area, on: &screen, theme: theme)
        }
    }

    /// The Tests tab: passes in the 2xx colour, failures in the error colour.
    func drawTests(_ lines: [ResponseTests.Line], from first: Int, in area: Rect, on screen: inout Screen, theme: Theme) {
        for (offset, line) in lines.dropFirst(first).prefix(area.height).enumerated() {
            let style: Style
            switch line.kind {
            case .passed: style = theme.added
            case .failed: style = theme.error
            case .heading: style = theme.style(.title)
            case .detail: style = theme.style(.dim)
            case .plain: style = .plain
            }
            screen.put(line.text, row: area.y + offset, column: area.x + 1, style: style, limit: area.width - 1)
        }
    }

    private func drawLines(_ lines: [String], from first: Int, in area: Rect, on screen: inout Screen, style: Style) {
        for (offset, line) in lines.dropFirst(first).prefix(area.height).enumerated() {
            screen.put(line, row: area.y + offset, column: area.x + 1, style: style, limit: area.width - 1)
        }
    }

    /// The body, drawing only the rows on screen: line numbers, JSON colours, folds, matches, the cursor line.
    private func drawBody(_ current: ResponseSnapshot, in area: Rect, on screen: inout Screen, theme: Theme, statistics: RenderStatistics?) {
        let pane = response
        var rows = area
        if let note = current.body.note {
            screen.put(note, row: rows.y, column: rows.x + 1, style: theme.style(.dim), limit: rows.width - 1)
            rows = Rect(x: rows.x, y: rows.y + 1, width: rows.width, height: rows.height - 1)
        }
        if var field = pane.searchField {
            screen.put("/", row: rows.maxY - 1, column: rows.x, style: theme.style(.title))
            field.render(on: &screen, row: rows.maxY - 1, column: rows.x + 1, width: rows.width - 1, style: theme.style(.selectionUnfocused), focused: true)
            rows = Rect(x: rows.x, y: rows.y, width: rows.width, height: rows.height - 1)
        } else if pane.document != nil, rows.height > 2, let path = pane.cursorPath {
            let text = "path: " + (path.components.isEmpty ? "(root)" : path.description)
            screen.put(text, row: rows.maxY - 1, column: rows.x + 1, style: theme.style(.dim), limit: rows.width - 1)
            rows = Rect(x: rows.x, y: rows.y, width: rows.width, height: rows.height - 1)
        }
        let count = pane.lineCount
        guard count > 0, rows.height > 0 else { return }
        let gutter = String(count).count + 1
        if pane.wrap {
            drawWrappedBody(current, in: rows, gutter: gutter, on: &screen, theme: theme, statistics: statistics)
            return
        }
        let focused = focus == .response
        var line = pane.top
        for offset in 0..<rows.height {
            guard line < count else { break }
            let y = rows.y + offset
            let isCursor = line == pane.cursor && focused
            let base = isCursor ? theme.style(.selectionUnfocused) : Style.plain
            screen.fill(Rect(x: rows.x, y: y, width: rows.width, height: 1), style: base)
            let number = String(line + 1)
            screen.put(String(repeating: " ", count: gutter - 1 - number.count) + number, row: y, column: rows.x,
                       style: base.patched(with: theme.style(named: pane.isMatch(line) ? "search.match" : "line-number")))
            let x = rows.x + gutter + 1
            let text = current.redactor.redact(pane.text(ofLine: line))
            statistics?.bodyLinesFetched += 1
            statistics?.bodyBytesFetched += text.utf8.count
            let visible = String(ScrollView.dropColumns(pane.left, of: text))
            var used = 0
            if pane.document != nil {
                used = drawJSONLine(visible, row: y, column: x, limit: rows.maxX - x, base: base, on: &screen, theme: theme)
            } else if pane.showsMarkup {
                used = drawRuns(bodyRuns(visible, base: base, theme: theme), row: y, column: x, limit: rows.maxX - x, on: &screen)
            } else {
                used = screen.put(visible, row: y, column: x, style: base, limit: rows.maxX - x)
            }
            if pane.isMatch(line) {
                // The match itself stands out, not only its line number.
                screen.highlight(Highlight.occurrences(of: pane.searchQuery, in: visible), of: visible, row: y, column: x,
                                 limit: rows.maxX - x, style: theme.style(named: "search.match"))
            }
            if pane.folded.contains(line), let document = pane.document, let summary = FoldSummary.text(opener: line, in: document) {
                screen.put(summary, row: y, column: x + used, style: base.patched(with: theme.style(.dim)), limit: rows.maxX - x - used)
            }
            line = pane.nextVisible(after: line)
        }
    }

    func drawJSONLine(_ text: String, row: Int, column: Int, limit: Int, base: Style, on screen: inout Screen, theme: Theme) -> Int {
        drawRuns(Self.styled(JSONLineStyle.runs(text).map { ($0.text, $0.role.rawValue) }, base: base, theme: theme),
                 row: row, column: column, limit: limit, on: &screen)
    }

    private func drawKeyPath(in area: Rect, on screen: inout Screen, theme: Theme) {
        let pane = response
        var field = pane.keyPathField
        screen.put("path ", row: area.y, column: area.x + 1, style: theme.style(.title))
        field.render(on: &screen, row: area.y, column: area.x + 6, width: area.width - 7, style: theme.style(.selectionUnfocused),
                     focused: pane.editingKeyPath && focus == .response)
        if area.height > 1 {
            let cursor = pane.cursorPath.map { "under the Body cursor: \($0.components.isEmpty ? "(root)" : $0.description) · c copies · C makes it the converter" }
                ?? "⏎ types a path such as data/items/0 · C makes it the converter"
            screen.put(cursor, row: area.y + 1, column: area.x + 1, style: theme.style(.dim), limit: area.width - 1)
        }
        let below = Rect(x: area.x, y: area.y + 2, width: area.width, height: max(0, area.height - 2))
        guard let preview = pane.keyPathPreview else { return }
        if let problem = preview.problem {
            // Wrapped, so the reason is read whole however narrow the pane.
            for (offset, line) in DisplayWidth.wrap(problem, width: max(1, below.width - 1)).prefix(below.height).enumerated() {
                screen.put(line, row: below.y + offset, column: below.x + 1, style: theme.style(.warning), limit: below.width - 1)
            }
            return
        }
        let redactor = pane.current?.redactor ?? SecretRedactor()
        for (offset, line) in preview.lines.dropFirst(pane.otherTop).prefix(below.height).enumerated() {
            _ = drawJSONLine(redactor.redact(line), row: below.y + offset, column: below.x + 1, limit: below.width - 1, base: .plain, on: &screen, theme: theme)
        }
    }

    private func drawHistory(in area: Rect, on screen: inout Screen, theme: Theme) {
        let entries = editor.flatMap { history[$0.id] } ?? []
        var area = area
        if let historyProblem, area.height > 1 {
            // Wrapped: the path in it is long, and what is wrong with it comes after.
            let lines = DisplayWidth.wrap(historyProblem, width: max(1, area.width - 1)).suffix(area.height - 1)
            for (offset, line) in lines.enumerated() {
                screen.put(line, row: area.maxY - lines.count + offset, column: area.x + 1, style: theme.style(.warning), limit: area.width - 1)
            }
            area = Rect(x: area.x, y: area.y, width: area.width, height: area.height - lines.count)
        }
        guard !entries.isEmpty else {
            screen.put("no responses yet for this request", row: area.y, column: area.x + 1, style: theme.style(.dim), limit: area.width - 1)
            return
        }
        let header = "  #   at        status  size        time      vs. shown"
        screen.put(header, row: area.y, column: area.x, style: theme.style(.title), limit: area.width)
        let shown = response.current
        let first = max(0, response.historySelection - (area.height - 2))
        for (offset, index) in (first..<entries.count).prefix(max(0, area.height - 1)).enumerated() {
            let snapshot = entries[index]
            let y = area.y + 1 + offset
            let selected = index == response.historySelection && focus == .response
            let base = selected ? theme.style(.selectionUnfocused) : Style.plain
            screen.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: base)
            let status = snapshot.status.map(String.init) ?? "—"
            let mark = response.historyMarks.contains(snapshot.sequence) ? "✓" : " "
            var text = "\(mark)\(String(index + 1).leftPadded(2))  \(snapshot.finishedAt.padded(8))  \(status.padded(6))  "
            text += ByteCount.text(snapshot.bodySize).padded(10) + "  " + TimeText.seconds(snapshot.duration).padded(8)
            if let shown, shown.sequence != snapshot.sequence {
                let sizeDelta = snapshot.bodySize - shown.bodySize
                let timeDelta = snapshot.duration - shown.duration
                text += "  " + (sizeDelta >= 0 ? "+" : "−") + ByteCount.text(abs(sizeDelta)) + ", "
                    + (timeDelta >= 0 ? "+" : "−") + TimeText.seconds(abs(timeDelta))
            } else if shown != nil {
                text += "  (shown)"
            }
            if snapshot.failure != nil { text += "  " + (snapshot.failure ?? "") }
            let style = base.patched(with: snapshot.status.map { theme.style(named: "status.\($0 / 100)xx") } ?? theme.style(.warning))
            screen.put(text, row: y, column: area.x, style: base, limit: area.width)
            screen.paint(row: y, columns: (area.x + 17)..<(area.x + 23), style: style)
        }
    }
}

extension String {
    func padded(_ width: Int) -> String { padding(toLength: max(width, count), withPad: " ", startingAt: 0) }
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
