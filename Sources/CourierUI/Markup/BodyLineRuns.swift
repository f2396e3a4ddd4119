extension ExplorerState {
    /// A body line cut into styled runs as the pane colours it: pretty JSON, pretty markup, or plain.
    func bodyRuns(_ text: String, base: Style, theme: Theme) -> [StyledRun] {
        if response.document != nil { return Self.styled(JSONLineStyle.runs(text).map { ($0.text, $0.role.rawValue) }, base: base, theme: theme) }
        if response.showsMarkup { return Self.styled(MarkupLineStyle.runs(text).map { ($0.text, $0.role.rawValue) }, base: base, theme: theme) }
        return [StyledRun(text: text, style: base)]
    }

    /// Runs named by theme role (`json.key`; empty for plain) in their styles over `base`.
    static func styled(_ runs: [(text: Substring, role: String)], base: Style, theme: Theme) -> [StyledRun] {
        runs.map { StyledRun(text: String($0.text), style: $0.role.isEmpty ? base : base.patched(with: theme.style(named: $0.role))) }
    }

    /// Draws `runs` from `column`, at most `limit` columns; returns the columns used.
    func drawRuns(_ runs: [StyledRun], row: Int, column: Int, limit: Int, on screen: inout Screen) -> Int {
        var x = column
        for run in runs where x < column + limit {
            x += screen.put(run.text, row: row, column: x, style: run.style, limit: column + limit - x)
        }
        return x - column
    }
}

extension ResponsePane {
    /// Whether the body shows as pretty HTML or XML.
    var showsMarkup: Bool { !raw && current?.body.isMarkup == true }
}
