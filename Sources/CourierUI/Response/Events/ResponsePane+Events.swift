import Courier

// MARK: - The Events tab and a stream that is still arriving

extension ExplorerState {
    /// Draws what a stream still arriving shows on the Events and Body tabs: the events so far,
    /// the body's last lines so far.
    /// - Returns: Whether the tab was drawn; the other tabs show the last finished response meanwhile.
    func drawLive(_ live: LiveStream, in area: Rect, on screen: inout Screen, theme: Theme) -> Bool {
        switch response.tab {
        case .events:
            drawEvents(live.log, redactor: live.redactor, in: area, on: &screen, theme: theme)
        case .body:
            let lines = live.bodyLines.last == "" ? live.bodyLines.dropLast() : live.bodyLines[...]
            for (offset, line) in lines.suffix(area.height).enumerated() {
                let shown = ControlPictures.clean(live.redactor.redact(line.hasSuffix("\r") ? String(line.dropLast()) : line), layout: .line)
                screen.put(shown, row: area.y + offset, column: area.x + 1, style: .plain, limit: area.width - 1)
            }
        default: return false
        }
        return true
    }

    /// The Events tab: each event's heading (time, event name, id), then its data, pretty when it
    /// is JSON; the newest in view while `eventsFollow`.
    func drawEvents(_ log: EventLog, redactor: SecretRedactor, in area: Rect, on screen: inout Screen, theme: Theme) {
        guard !log.rows.isEmpty else {
            let waiting = response.live == nil ? "no events" : "waiting for the first event · \(keyMap.key(for: .cancel)) stops"
            screen.put(waiting, row: area.y, column: area.x + 1, style: theme.style(.dim), limit: area.width - 1)
            return
        }
        let top = response.eventsFollow ? max(0, log.rows.count - area.height) : min(response.otherTop, max(0, log.rows.count - 1))
        for (offset, row) in log.rows[top...].prefix(area.height).enumerated() {
            let text = ControlPictures.clean(redactor.redact(row.text), layout: .line)
            screen.put(text, row: area.y + offset, column: area.x + 1, style: row.isHeading ? theme.style(named: "json.key") : .plain,
                       limit: area.width - 1)
        }
    }
}
