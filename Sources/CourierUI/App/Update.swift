/// Side effects `update` asks for; the program performs them and reports back with actions.
public enum Effect: Sendable, Equatable {
    case quit
    /// Stop the process until the shell resumes it (ctrl-z).
    case suspend
    /// Put text on the clipboard.
    case copy(String)
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
        case .event(.key(let key)) where palette != nil:
            return paletteKey(key)
        case .event(.key(let key)) where filter != nil && key != .enter && key != .up && key != .down:
            if key == .escape {
                filter = nil
            } else if filter?.handle(key) == false, key == .ctrl("c") {
                return [.quit]
            }
            selection = 0
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
        case .event(.paste(let text)):
            if palette != nil { palette?.paste(text) } else if filter != nil { filter?.insert(text) }
            return []
        }
    }

    private mutating func perform(_ command: Command) -> [Effect] {
        let count = rows.count
        switch command {
        case .quit: return [.quit]
        case .suspend: return [.suspend]
        case .help: showingHelp = true
        case .palette: palette = Palette(candidates: requestIds)
        case .filter:
            filter = TextField()
            selection = 0
        case .copy:
            guard rows.indices.contains(selection) else { break }
            return [.copy(rows[selection].node.id)]
        case .narrower: collectionsRatio = max(0.15, collectionsRatio - 0.05)
        case .wider: collectionsRatio = min(0.6, collectionsRatio + 0.05)
        case .shorter: requestRatio = max(0.2, requestRatio - 0.05)
        case .taller: requestRatio = min(0.8, requestRatio + 0.05)
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

    private mutating func paletteKey(_ key: Key) -> [Effect] {
        switch palette?.handle(key) {
        case .cancelled?:
            palette = nil
        case .chose(let id)?:
            palette = nil
            return reveal(id)
        default:
            if key == .ctrl("c") { return [.quit] }
        }
        return []
    }

    /// Expands the folders above `id`, selects it and opens it.
    mutating func reveal(_ id: String) -> [Effect] {
        filter = nil
        var prefix = ""
        for part in id.split(separator: "/").dropLast() {
            prefix += prefix.isEmpty ? String(part) : "/\(part)"
            expanded.insert(prefix)
        }
        guard let index = rows.firstIndex(where: { $0.node.id == id }) else { return [] }
        selection = index
        openRequest = id
        status = "opened \(id)"
        keepSelectionVisible()
        return [.open(id)]
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
