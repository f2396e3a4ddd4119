import Courier

/// A piece of text in one style.
struct StyledRun: Equatable {
    var text: String
    var style: Style
}

/// Long lines broken into rows by display width, styles kept across the breaks: the soft wrap
/// of the body view (`w`). A wide grapheme is never split between rows.
enum SoftWrap {
    /// `runs` as rows at most `width` columns wide; at most `limit` rows are made, so a line of
    /// megabytes costs the rows on screen, not its length.
    static func rows(_ runs: [StyledRun], width: Int, limit: Int = .max) -> [[StyledRun]] {
        let width = max(1, width)
        var rows: [[StyledRun]] = [[]]
        var used = 0
        for run in runs {
            var piece = ""
            for character in run.text {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > width, used > 0 {
                    if !piece.isEmpty { rows[rows.count - 1].append(StyledRun(text: piece, style: run.style)) }
                    guard rows.count < limit else { return rows }
                    rows.append([])
                    piece = ""
                    used = 0
                }
                piece.append(character)
                used += characterWidth
            }
            if !piece.isEmpty { rows[rows.count - 1].append(StyledRun(text: piece, style: run.style)) }
        }
        return rows
    }

    /// How many rows `text` takes `width` columns wide.
    static func rowCount(_ text: String, width: Int) -> Int {
        max(1, (DisplayWidth.of(text) + max(1, width) - 1) / max(1, width))
    }
}

extension ExplorerState {
    /// The body with long lines wrapped: a line's continuation rows have a blank gutter, and the
    /// view starts late enough that the cursor's rows are on screen.
    func drawWrappedBody(_ current: ResponseSnapshot, in rows: Rect, gutter: Int, on screen: inout Screen, theme: Theme,
                         statistics: RenderStatistics?) {
        let pane = response
        let x = rows.x + gutter + 1
        let width = max(1, rows.maxX - x)
        let focused = focus == .response
        var line = wrappedTop(height: rows.height, width: width, redactor: current.redactor)
        var y = rows.y
        while y < rows.maxY, line < pane.lineCount {
            let base = line == pane.cursor && focused ? theme.style(.selectionUnfocused) : Style.plain
            let text = current.redactor.redact(pane.text(ofLine: line))
            statistics?.bodyLinesFetched += 1
            statistics?.bodyBytesFetched += text.utf8.count
            var runs = bodyRuns(text, base: base, theme: theme)
            if pane.folded.contains(line), let document = pane.document, let summary = FoldSummary.text(opener: line, in: document) {
                runs.append(StyledRun(text: summary, style: base.patched(with: theme.style(.dim))))
            }
            for (index, piece) in SoftWrap.rows(runs, width: width, limit: rows.maxY - y).enumerated() {
                screen.fill(Rect(x: rows.x, y: y, width: rows.width, height: 1), style: base)
                if index == 0 {
                    let number = String(line + 1)
                    screen.put(String(repeating: " ", count: max(0, gutter - 1 - number.count)) + number, row: y, column: rows.x,
                               style: base.patched(with: theme.style(named: pane.isMatch(line) ? "search.match" : "line-number")))
                }
                _ = drawRuns(piece, row: y, column: x, limit: width, on: &screen)
                if pane.isMatch(line) {
                    let shown = piece.map(\.text).joined()
                    screen.highlight(Highlight.occurrences(of: pane.searchQuery, in: shown), of: shown, row: y, column: x,
                                     limit: width, style: theme.style(named: "search.match"))
                }
                y += 1
            }
            line = pane.nextVisible(after: line)
        }
    }

    /// The first line to draw: the pane's top, or a later line when the wrapped lines from the
    /// top to the cursor take more rows than there are.
    private func wrappedTop(height: Int, width: Int, redactor: SecretRedactor) -> Int {
        let pane = response
        var used = 0
        var line = pane.cursor
        var first = pane.cursor
        while true {
            used += SoftWrap.rowCount(redactor.redact(pane.text(ofLine: line)), width: width)
            if used > height { break }
            first = line
            if line <= pane.top || line == 0 { break }
            line = pane.previousVisible(before: line)
        }
        return first
    }
}
