// MARK: - The message log

extension ExplorerState {
    /// The "go to request" palette's entry that opens the message log.
    static let messagesEntry = "≡ messages"

    /// Logs the status line's sentence when `action` changed it; what `.report` brings is a
    /// failure (a save, a file operation), anything else news.
    mutating func logStatus(changedFrom before: String, by action: Action) {
        guard status != before, !status.isEmpty else { return }
        let severity: MessageLog.Severity
        if case .report = action { severity = .error } else { severity = .info }
        messages.append(status, severity: severity, time: clock)
    }

    /// Opens the log over the request and response panes, scrolled to the newest message.
    mutating func showMessages() {
        var view = MessageView(title: "Messages", lines: messages.lines)
        _ = view.scroll(.bottom, in: Layout(state: self).testRun)
        modal = .message(view)
    }

    /// The status line's hint when its message is cut: the key that shows it whole.
    var cutMessageHint: String { " … \(keyMap.key(for: .messages)) more" }
}
