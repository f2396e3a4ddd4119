import Courier
import CourierJSON
/// What a key did in the response pane.
enum ResponseOutcome: Equatable {
    case handled, unhandled
    case status(String)
    case copy(String)
    /// Set the open request's converter to this key path.
    case useAsConverter(String)
    /// Show the history entry with this sequence number.
    case showHistory(Int)
    /// Compare the bodies of the marked (or selected and shown) History entries.
    case compareHistory
    /// Send the request of the History entry with this sequence number again.
    case resendHistory(Int)
    /// Run this search in the background.
    case search(BodySearch)
    /// Add an assertion or a capture of a key path to the open request.
    case addTest(TestFromPath)
}

extension ResponsePane {
    /// A command while nothing is being typed; `height` is the rows the tab's content has.
    mutating func perform(_ command: Command, height: Int, width: Int, history: [ResponseSnapshot]) -> ResponseOutcome {
        switch command {
        case .nextTab, .previousTab:
            let tabs = visibleTabs
            let index = tabs.firstIndex(of: tab) ?? 0
            tab = tabs[(index + (command == .nextTab ? 1 : tabs.count - 1)) % tabs.count]
            otherTop = 0
            return .handled
        case .copy: return copyText().map(ResponseOutcome.copy) ?? .status("nothing to copy")
        default: break
        }
        switch tab {
        case .body: return bodyCommand(command, height: height)
        case .events: return eventsCommand(command, height: height)
        case .keyPath:
            switch command {
            case .edit, .open, .filter:
                editingKeyPath = true
                return .handled
            case .copyPath: return .copy(keyPathField.text)
            case .useAsConverter:
                // A converter that leads nowhere in the response at hand would fail every decode.
                if let problem = keyPathPreview?.problem { return .status("converter not set: \(problem)") }
                return .useAsConverter(keyPathField.text)
            case .expectExists, .expectEqual, .capture:
                let typed = JSONKeyPath(keyPathField.text)
                return testFromPath(command, path: typed.components.isEmpty ? cursorPath : typed)
            default: return scrollOther(command, height: height, count: (keyPathPreview?.lines.count ?? 0) + 2)
            }
        case .history:
            switch command {
            case .moveUp: historySelection = max(0, historySelection - 1)
            case .moveDown: historySelection = min(max(0, history.count - 1), historySelection + 1)
            case .open, .edit:
                guard history.indices.contains(historySelection) else { return .unhandled }
                return .showHistory(history[historySelection].sequence)
            case .toggle:
                guard history.indices.contains(historySelection) else { return .unhandled }
                toggleMark(history[historySelection].sequence)
            case .remove: return .compareHistory
            case .raw:
                guard history.indices.contains(historySelection) else { return .unhandled }
                return .resendHistory(history[historySelection].sequence)
            case .top: historySelection = 0
            case .bottom: historySelection = max(0, history.count - 1)
            default: return .unhandled
            }
            return .handled
        case .headers: return scrollOther(command, height: height, count: current?.headers.count ?? 0)
        case .curl: return scrollOther(command, height: height, count: curl.split(separator: "\n").count)
        case .debug: return scrollOther(command, height: height, count: debugRows(width: width).count)
        case .tests: return scrollOther(command, height: height, count: testLines.count)
        }
    }

    private mutating func bodyCommand(_ command: Command, height: Int) -> ResponseOutcome {
        switch command {
        case .moveDown: moveCursor(by: 1, height: height)
        case .moveUp: moveCursor(by: -1, height: height)
        case .pageDown: moveCursor(by: height, height: height)
        case .pageUp: moveCursor(by: -height, height: height)
        case .top: moveCursor(to: 0, height: height)
        case .bottom: moveCursor(to: lineCount - 1, height: height)
        case .open:
            // Right unfolds a folded line, like the tree; elsewhere it scrolls.
            if folded.contains(cursor) { _ = toggleFold(height: height) } else { left += 8 }
        case .collapse:
            if let document, cursor < document.lineCount, document.closingLine[cursor] > 0, !folded.contains(cursor) {
                _ = toggleFold(height: height)
            } else {
                left = max(0, left - 8)
            }
        case .fold:
            if !toggleFold(height: height) { return .status("the cursor is not on an object or array") }
        case .unfoldAll: folded = []
        case .wrap:
            wrap.toggle()
            left = 0
            return .status(wrap ? "long lines wrap" : "long lines scroll sideways (h, l)")
        case .raw:
            raw.toggle()
            resetBodyView()
            return .status(raw ? "raw body" : "pretty body")
        // A new search starts empty, as in less and vim; n and N still repeat the last one.
        case .filter: searchField = TextField()
        case .nextMatch, .previousMatch:
            if !jumpToMatch(forward: command == .nextMatch, height: height) { return .status("no matches; / searches") }
            return .status(matchPosition)
        case .copyPath:
            guard let path = cursorPath else { return .status("the cursor is not in a JSON body") }
            return .copy(path.description)
        case .useAsConverter:
            guard let path = cursorPath else { return .status("the cursor is not in a JSON body") }
            return .useAsConverter(path.description)
        case .expectExists, .expectEqual, .capture: return testFromPath(command, path: cursorPath)
        default: return .unhandled
        }
        return .handled
    }

    /// Scrolls the Events tab; at the bottom it follows the stream again.
    private mutating func eventsCommand(_ command: Command, height: Int) -> ResponseOutcome {
        let count = eventLog?.rows.count ?? 0
        if eventsFollow { otherTop = max(0, count - height) }
        let outcome = scrollOther(command, height: height, count: count)
        eventsFollow = otherTop >= max(0, count - height)
        return outcome
    }

    private mutating func scrollOther(_ command: Command, height: Int, count: Int) -> ResponseOutcome {
        let last = max(0, count - height)
        switch command {
        case .moveDown: otherTop = min(last, otherTop + 1)
        case .moveUp: otherTop = max(0, otherTop - 1)
        case .pageDown: otherTop = min(last, otherTop + height)
        case .pageUp: otherTop = max(0, otherTop - height)
        case .top: otherTop = 0
        case .bottom: otherTop = last
        default: return .unhandled
        }
        return .handled
    }

    /// A key while the search or key path field has focus.
    mutating func typingKey(_ key: Key, height: Int) -> ResponseOutcome {
        if var field = searchField {
            switch key {
            case .escape:
                searchField = nil
            case .enter:
                searchField = nil
                guard let job = startSearch(field.text) else { return .handled }
                return .search(job)
            default:
                field.handle(key)
                searchField = field
            }
            return .handled
        }
        guard editingKeyPath else { return .unhandled }
        switch key {
        case .enter, .escape: editingKeyPath = false
        default:
            keyPathField.handle(key)
            refreshKeyPath()
        }
        return .handled
    }

    mutating func paste(_ text: String) {
        if searchField != nil {
            searchField?.insert(text)
        } else if editingKeyPath {
            keyPathField.insert(text)
            refreshKeyPath()
        }
    }

    mutating func scroll(by lines: Int, height: Int) {
        if tab == .body {
            moveCursor(by: lines, height: height)
        } else {
            otherTop = max(0, otherTop + lines)
        }
    }

    /// What `y` copies on the current tab: what it shows, secrets masked as they are on screen.
    func copyText() -> String? {
        let redactor = current?.redactor ?? SecretRedactor()
        switch tab {
        case .body: return current.map { redactor.redact(String(decoding: $0.body.data, as: UTF8.self)) }
        case .events: return eventLog.map { (live?.redactor ?? redactor).redact($0.rows.map(\.text).joined(separator: "\n")) }
        case .headers: return current.map { $0.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }
        case .keyPath: return keyPathPreview.map { $0.problem ?? redactor.redact($0.lines.joined(separator: "\n")) }
        case .curl: return curl.isEmpty ? nil : curl
        case .debug: return current.map { $0.debugLines.joined(separator: "\n") }
        case .history: return nil
        case .tests: return current == nil ? nil : testLines.map(\.text).joined(separator: "\n")
        }
    }
}

extension ExplorerState {
    mutating func responseCommand(_ command: Command) -> [Effect] {
        let area = Layout(state: self).responseBody.height
        let height = response.tab == .body ? response.bodyViewportHeight(area) : area
        let entries = editor.flatMap { history[$0.id] } ?? []
        switch response.perform(command, height: height, width: Layout(state: self).responseBody.width - 1, history: entries) {
        case .handled, .unhandled: return []
        case .status(let text): status = text
        case .search(let job): return startedSearch(job)
        case .copy(let text): return [response.tab == .curl ? .copyCommand(text, withSecrets: false) : .copy(text)]
        case .useAsConverter(let path):
            guard editor != nil else { return [] }
            editor?.draft.converter = path.isEmpty ? nil : path
            setStatus("converter set to \(path.isEmpty ? "none" : path) (unsaved; \(keyMap.key(for: .save)) saves)",
                      cause: .converter(requestId: editor?.id ?? "", path: editor?.draft.converter))
        case .addTest(let addition):
            guard editor != nil else {
                status = notOpenSentence
                return []
            }
            status = add(addition)
        case .showHistory(let sequence):
            guard let snapshot = entries.first(where: { $0.sequence == sequence }) else { return [] }
            let tab = response.tab
            response.show(snapshot)
            response.tab = tab
            status = "showing the response of \(snapshot.finishedAt): \(snapshot.summary)"
            return readBackIfLetGo(snapshot)
        case .compareHistory: return compareHistory(entries)
        case .resendHistory(let sequence):
            guard let snapshot = entries.first(where: { $0.sequence == sequence }) else { return [] }
            return sendAgain(snapshot)
        }
        return []
    }

    mutating func responseTyping(_ key: Key) -> [Effect] {
        let height = response.bodyViewportHeight(Layout(state: self).responseBody.height)
        switch response.typingKey(key, height: height) {
        case .status(let text): status = text
        case .search(let job): return startedSearch(job)
        default: break
        }
        return []
    }
}
