/// Side effects `update` asks for; the program performs them and reports back with actions.
public enum Effect: Sendable, Equatable {
    case quit
    /// Open the request with this id in the request pane.
    case open(String)
}

/// Everything that can happen to the explorer.
public enum Action: Sendable, Equatable {
    case event(TerminalEvent)
}

extension ExplorerState {
    /// Applies `action` and returns the effects to perform. Pure: no IO, no clocks.
    public mutating func update(_ action: Action) -> [Effect] {
        switch action {
        case .event(.resize(let width, let height)):
            self.width = width
            self.height = height
            keepSelectionVisible()
            return []
        case .event(.key(let key)):
            if showingHelp {
                showingHelp = false
                return key == .ctrl("c") ? [.quit] : []
            }
            guard let command = keyMap.command(for: key) else { return [] }
            return perform(command)
        case .event(.mouse(let mouse)):
            return click(mouse)
        case .event(.paste):
            return []
        }
    }

    private mutating func perform(_ command: Command) -> [Effect] {
        let count = rows.count
        switch command {
        case .quit: return [.quit]
        case .help: showingHelp = true
        case .moveUp: selection = max(0, selection - 1)
        case .moveDown: selection = min(max(0, count - 1), selection + 1)
        case .pageUp: selection = max(0, selection - listHeight)
        case .pageDown: selection = min(max(0, count - 1), selection + listHeight)
        case .top: selection = 0
        case .bottom: selection = max(0, count - 1)
        case .nextPane: focus = Pane(rawValue: (focus.rawValue + 1) % Pane.allCases.count) ?? .collections
        case .previousPane: focus = Pane(rawValue: (focus.rawValue + Pane.allCases.count - 1) % Pane.allCases.count) ?? .collections
        case .collapse:
            guard rows.indices.contains(selection) else { break }
            let row = rows[selection]
            if row.node.isFolder && expanded.contains(row.node.id) {
                expanded.remove(row.node.id)
            } else if let parent = rows[..<selection].lastIndex(where: { $0.depth < row.depth }) {
                selection = parent
            }
        case .open:
            guard rows.indices.contains(selection) else { break }
            let node = rows[selection].node
            if node.isFolder {
                if expanded.contains(node.id) { expanded.remove(node.id) } else { expanded.insert(node.id) }
            } else {
                openRequest = node.id
                status = "opened \(node.id)"
                keepSelectionVisible()
                return [.open(node.id)]
            }
        }
        keepSelectionVisible()
        return []
    }

    private mutating func click(_ mouse: MouseEvent) -> [Effect] {
        let layout = Layout(state: self)
        switch mouse.kind {
        case .wheelUp: scroll = max(0, scroll - 3)
        case .wheelDown: scroll = min(max(0, rows.count - listHeight), scroll + 3)
        case .press:
            let list = layout.list
            guard mouse.column >= list.x, mouse.column < list.maxX, mouse.row >= list.y, mouse.row < list.maxY else { return [] }
            focus = .collections
            let index = scroll + mouse.row - list.y
            if rows.indices.contains(index) { selection = index }
        }
        return []
    }

    /// Rows of the collections list.
    var listHeight: Int { max(1, Layout(state: self).list.height) }

    private mutating func keepSelectionVisible() {
        selection = min(selection, max(0, rows.count - 1))
        if selection < scroll { scroll = selection }
        if selection >= scroll + listHeight { scroll = selection - listHeight + 1 }
        scroll = max(0, min(scroll, max(0, rows.count - listHeight)))
    }
}
