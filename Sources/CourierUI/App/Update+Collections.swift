import Foundation

extension ExplorerState {
    /// A command while the collections pane has focus.
    mutating func collectionsCommand(_ command: Command) -> [Effect] {
        let count = rows.count
        let selected = rows.indices.contains(selection) ? rows[selection].node : nil
        switch command {
        case .filter:
            filter = TextField()
            selection = 0
        case .copy:
            guard let selected else { break }
            return [.copy(selected.id)]
        case .moveUp: selection = max(0, selection - 1)
        case .moveDown: selection = min(max(0, count - 1), selection + 1)
        case .pageUp: selection = max(0, selection - listHeight)
        case .pageDown: selection = min(max(0, count - 1), selection + listHeight)
        case .top: selection = 0
        case .bottom: selection = max(0, count - 1)
        case .collapse:
            guard let selected else { break }
            let depth = rows[selection].depth
            if selected.isFolder && expanded.contains(selected.id) {
                expanded.remove(selected.id)
            } else if let parent = rows[..<selection].lastIndex(where: { $0.depth < depth }) {
                selection = parent
            }
        case .open, .edit:
            guard let selected else { break }
            if selected.isFolder {
                if expanded.contains(selected.id) { expanded.remove(selected.id) } else { expanded.insert(selected.id) }
            } else {
                // Opening never sends (ctrl-r does): it takes the request to the request pane.
                if filter != nil { select(selected.id) }
                keepSelectionVisible()
                return open(selected.id, focusing: true)
            }
        case .add:
            let folder = selected.map { $0.isFolder ? $0.id : parentFolder(of: $0.id) } ?? tree.first?.id ?? ""
            guard !folder.isEmpty else {
                status = "there is no collection to add a request to; create a folder under Collections/ first"
                break
            }
            prompt = Prompt(title: "New request in \(folder)", field: TextField(), purpose: .create(folder: folder))
        case .duplicate:
            guard let selected, !selected.isFolder else { status = "select a request to duplicate"; break }
            return [.duplicate(id: selected.id)]
        case .rename:
            guard let selected, !selected.isFolder else { status = "select a request to rename"; break }
            if editor?.id == selected.id, editor?.isDirty == true {
                status = "save or discard the changes to \(selected.id) before renaming it"
                break
            }
            // R renames the file; the title (`name:`) is the request pane's Name row.
            var field = TextField(String(selected.id.split(separator: "/").last ?? ""))
            field.handle(.end)
            prompt = Prompt(title: "Rename the file of \(selected.id)", field: field, purpose: .rename(selected.id))
        case .remove:
            guard let selected, !selected.isFolder else { status = "select a request to delete"; break }
            ask(Dialog(title: "Delete", message: "Delete \(selected.id)? Its file is removed.", buttons: ["Delete", "Cancel"], selected: 1),
                .delete(selected.id))
        case .move:
            guard let selected, !selected.isFolder else { status = "select a request to move"; break }
            if editor?.id == selected.id, editor?.isDirty == true {
                status = "save or discard the changes to \(selected.id) before moving it"
                break
            }
            palettePurpose = .move(selected.id)
            palette = Palette(candidates: folderIds.filter { $0 != parentFolder(of: selected.id) }, title: "Move \(selected.id) to")
        default: break
        }
        keepSelectionVisible()
        return []
    }

    func parentFolder(of id: String) -> String {
        id.split(separator: "/").dropLast().joined(separator: "/")
    }

    mutating func paletteKey(_ key: Key) -> [Effect] {
        if case .file(let part) = palettePurpose { return filePickerKey(key, part: part) }
        switch palette?.handle(key) {
        case .cancelled?:
            palette = nil
        case .chose(let choice)?:
            palette = nil
            switch palettePurpose {
            case .request where choice == Self.problemsEntry:
                showProblems()
            case .request where Self.historyEntries.contains(choice):
                return perform(choice == Self.saveBodyEntry ? .saveBody : .history)
            case .request where choice == Self.messagesEntry:
                showMessages()
            case .request where Self.command(ofEntry: choice) != nil:
                return Self.command(ofEntry: choice).map { perform($0) } ?? []
            case .request where choice.hasPrefix(Self.testEntryPrefix):
                return runTests(in: String(choice.dropFirst(Self.testEntryPrefix.count)))
            case .request:
                if let format = Self.importFormat(ofEntry: choice) {
                    askImportSource(format)
                    return []
                }
                focus = .collections
                return reveal(choice)
            case .problem:
                return goToProblem(choice)
            case .method:
                chooseMethod(choice)
            case .environment:
                environment = choice == "(no environment)" ? nil : choice
                status = "environment: \(environment ?? "none")"
            case .move(let id):
                return [.move(id: id, folder: choice)]
            case .file(let part):
                attach(choice, part: part)
            }
        default:
            if key == .ctrl("c") { palette = nil }
        }
        return []
    }

    mutating func promptKey(_ key: Key) -> [Effect] {
        guard var prompt else { return [] }
        switch key {
        case .escape, .ctrl("c"):
            self.prompt = nil
        case .enter:
            self.prompt = nil
            let name = prompt.field.text.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                status = prompt.purpose.emptyAnswer
                return []
            }
            switch prompt.purpose {
            case .newEnvironment:
                guard let id = editor?.id else { return [] }
                environment = name
                return [.loadEnvironment(requestId: id, name: name)]
            case .create(let folder): return [.create(folder: folder, name: name)]
            case .saveCopy(let text): return [.writeText(path: name, text: text)]
            case .rename(let id):
                // The new stem of the file; `.yaml` typed out of habit is dropped.
                let stem = name.hasSuffix(".yaml") ? String(name.dropLast(5)) : name
                guard !stem.contains("/"), !stem.isEmpty, !stem.hasPrefix(".") else {
                    status = "a file name cannot contain / or start with a dot; M moves a request to another folder"
                    return []
                }
                return [.rename(id: id, name: stem)]
            case .importSource(let format):
                askImportDestination(format, source: name)
            case .importInto(let format, let source):
                return importFile(format, source: source, into: name)
            case .saveBody(let id, let snapshot):
                status = "saving the body to \(name)…"
                return [.saveBody(id: id, snapshot, path: name, overwrite: false)]
            }
        default:
            prompt.field.handle(key)
            self.prompt = prompt
        }
        return []
    }

    /// Expands the folders above `id`, selects it and opens it (asking about unsaved changes).
    mutating func reveal(_ id: String) -> [Effect] {
        guard select(id), selectedNode?.isFolder == false else { return [] }
        return open(id)
    }

    /// Clears the filter, expands the folders above `id` and selects it; false when it has no row.
    @discardableResult
    mutating func select(_ id: String) -> Bool {
        filter = nil
        var prefix = ""
        for part in id.split(separator: "/").dropLast() {
            prefix += prefix.isEmpty ? String(part) : "/\(part)"
            expanded.insert(prefix)
        }
        guard let index = rows.firstIndex(where: { $0.node.id == id }) else { return false }
        selection = index
        keepSelectionVisible()
        return true
    }

    mutating func click(_ mouse: MouseEvent) -> [Effect] {
        let layout = Layout(state: self)
        func inside(_ rect: Rect) -> Bool {
            mouse.column >= rect.x && mouse.column < rect.maxX && mouse.row >= rect.y && mouse.row < rect.maxY
        }
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            let step = mouse.kind == .wheelUp ? -3 : 3
            if inside(layout.response) {
                response.scroll(by: step, height: response.bodyViewportHeight(layout.responseBody.height))
            } else {
                scroll = max(0, min(max(0, rows.count - listHeight), scroll + step))
            }
        case .press, .doublePress:
            // A click while an overlay is up does nothing behind it; on the help it closes it.
            if showingHelp { showingHelp = false }
            guard modal == nil, palette == nil, prompt == nil, variablesEditor == nil else { return [] }
            // The status line's "env: …" opens the environment palette.
            if mouse.row == layout.status.y, mouse.column < DisplayWidth.of(" env: \(environment ?? "none")") + 1 {
                return perform(.environment)
            }
            if let target = render().clickTargets.first(where: { $0.contains(mouse) }) {
                clickTab(target.action)
            } else if inside(layout.request) {
                focus = .request
            } else if inside(layout.response) {
                focus = .response
            } else if inside(layout.list) {
                focus = .collections
                let index = scroll + mouse.row - layout.list.y
                guard rows.indices.contains(index) else { break }
                selection = index
                // A double click opens a request or folds a folder, as Enter does.
                if mouse.kind == .doublePress { return collectionsCommand(.open) }
            }
        }
        return []
    }

    /// Switches to the clicked tab and focuses its pane.
    private mutating func clickTab(_ action: ClickTarget.Action) {
        switch action {
        case .requestTab(let tab):
            focus = .request
            guard editor?.tab != tab else { return }
            editor?.tab = tab
            editor?.row = 0
        case .responseTab(let tab):
            focus = .response
            guard response.tab != tab else { return }
            response.tab = tab
            response.otherTop = 0
        }
    }

    /// Rows of the collections list.
    var listHeight: Int { max(1, Layout(state: self).list.height) }

    mutating func keepSelectionVisible() {
        selection = min(selection, max(0, rows.count - 1))
        if selection < scroll { scroll = selection }
        if selection >= scroll + listHeight { scroll = selection - listHeight + 1 }
        scroll = max(0, min(scroll, max(0, rows.count - listHeight)))
    }
}
