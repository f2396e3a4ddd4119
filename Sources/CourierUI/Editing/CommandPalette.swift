// MARK: - The palette as a command palette, titles beside ids, and the tree filter's comforts

extension ExplorerState {
    /// What starts a command's entry in the palette, as in VS Code: typing `>` lists only commands.
    static let commandEntryPrefix = "> "

    /// The title (`name:`) of request `id` when it says more than the id's last part.
    func title(of id: String) -> String? {
        guard let name = definitions[id]?.name, !name.isEmpty, name != id.split(separator: "/").last.map(String.init) else { return nil }
        return name
    }

    /// The "go to" palette: requests with their titles, then every command of the key map with
    /// its key and what it does.
    mutating func openCommandPalette() {
        palettePurpose = .request
        let commands = Command.allCases.filter { $0 != .palette }
        let commandEntries = commands.map { Self.commandEntryPrefix + $0.rawValue }
        var details: [String: String] = [:]
        for id in requestIds { details[id] = title(of: id) }
        for command in commands {
            details[Self.commandEntryPrefix + command.rawValue] = "\(command.summary) · \(keyMap.key(for: command))"
        }
        // The problems list is one entry away, but only when there is something to list.
        var palette = Palette(candidates: (problems.isEmpty ? [] : [Self.problemsEntry]) + requestIds
            + folderIds.map { Self.testEntryPrefix + $0 } + Self.historyEntries + [Self.messagesEntry] + commandEntries + Self.importEntries,
            title: "Go to request · > runs a command", details: details)
        palette.commandPrefix = Self.commandEntryPrefix
        self.palette = palette
    }

    /// The command a palette entry runs, if it is a command's entry.
    static func command(ofEntry entry: String) -> Command? {
        guard entry.hasPrefix(commandEntryPrefix) else { return nil }
        return Command(rawValue: String(entry.dropFirst(commandEntryPrefix.count)))
    }

    /// Whether a request row matches the filter: fuzzily on its id, or its title holding the query.
    func matchesFilter(_ node: TreeNode, _ query: String) -> Bool {
        FuzzyMatch.score(query, node.id) != nil || title(of: node.id)?.lowercased().contains(query.lowercased()) == true
    }

    /// After the filter changed: the selection goes to the first matching request (past the
    /// folders above it), or the status says nothing matches.
    mutating func filterChanged() {
        let query = filter?.text ?? ""
        let rows = self.rows
        selection = rows.firstIndex { !$0.node.isFolder } ?? 0
        if !query.isEmpty, rows.isEmpty {
            status = "no matches for '\(query)'"
        } else if !query.isEmpty {
            status = "\(rows.filter { !$0.node.isFolder }.count) matching"
        }
        keepSelectionVisible()
    }

    /// Leaving the filter with Esc: the folders above the selected match stay expanded and the
    /// match stays selected, so the tree shows where it is.
    mutating func leaveFilter() {
        if let node = selectedNode, !node.isFolder {
            select(node.id)
        } else {
            filter = nil
        }
    }
}
