import CourierCollections

// MARK: - Files on disk are the truth: reloads, outside changes and refused saves

extension ExplorerState {
    /// The collections as now on disk. The selection keeps its request when rows move, or takes
    /// the row that moved into its place; the request pane follows what happened to its file.
    mutating func reload(tree: [TreeNode], definitions: [String: RequestDefinition], problems: [Problem], select: String?) -> [Effect] {
        let selected = selectedNode?.id
        self.tree = tree
        self.definitions = definitions
        self.problems = problems
        if let id = openRequest { environments = collectionEnvironments[String(id.split(separator: "/").first ?? "")] ?? environments }
        switch requestPane {
        case .editor(let editor) where definitions[editor.id] == nil && !editor.isDirty:
            requestPane = self.problems(of: editor.id).isEmpty ? .empty : .unreadable(id: editor.id)
        case .unreadable(let id) where definitions[id] != nil || self.problems(of: id).isEmpty:
            requestPane = .empty
            if definitions[id] != nil { show(id) }
        default: break
        }
        if let select { return reveal(select) }
        if let selected, let index = rows.firstIndex(where: { $0.node.id == selected }) { selection = index }
        keepSelectionVisible()
        return selectedNode?.id == selected ? [] : previewSelection()
    }

    /// The file of request `id` changed on disk. Without unsaved edits the open request reloads
    /// in place; with them, a dialog asks which version wins.
    mutating func fileChanged(_ id: String, theirs: RequestDefinition?, problems changed: [Problem]) -> [Effect] {
        problems = problems.filter { $0.requestId != id } + changed
        definitions[id] = theirs
        if let theirs { retitle(id, theirs) }
        waitingFileChanged(id, theirs: theirs)
        guard openRequest == id else { return [] }
        let unreadable = theirs == nil ? changed.first(where: \.isError) : nil
        finishTyping()
        guard let current = editor else {
            // The problems of an unreadable file: a readable version replaces them.
            requestPane = .empty
            if theirs != nil || unreadable != nil { show(id) }
            status = describe(id, theirs: theirs, unreadable: unreadable)
            return []
        }
        // An echo of our own save, or a touch: nothing to reload or ask.
        if let theirs, theirs == current.original, !current.fileMissing { return [] }
        if let theirs, theirs == current.draft {
            editor?.original = theirs
            editor?.fileMissing = false
            status = "\(id) changed on disk to what you had here"
            return []
        }
        guard current.isDirty else {
            if let theirs {
                editor = current.reloaded(with: theirs)
            } else {
                requestPane = unreadable == nil ? .empty : .unreadable(id: id)
            }
            status = describe(id, theirs: theirs, unreadable: unreadable)
            return []
        }
        askAboutConflict(DiskConflict(id: id, theirs: theirs, unreadable: unreadable), saving: false)
        return []
    }

    /// The open request's file was renamed on disk: the editor, its unsaved edits and the
    /// request's history take the new id (the reload that follows selects it).
    mutating func renamedOnDisk(_ old: String, to new: String) -> [Effect] {
        guard editor?.id == old else { return [] }
        editor?.id = new
        if let entries = history.removeValue(forKey: old) { history[new] = entries }
        status = "\(old) was renamed on disk to \(new)" + (editor?.isDirty == true ? "; your unsaved edits came along" : "")
        return []
    }

    /// The driver refused to save `id`: its file changed since it was read.
    mutating func saveConflict(_ id: String, theirs: RequestDefinition?) -> [Effect] {
        afterSave = nil
        finishTyping()
        guard editor?.id == id else {
            status = "not saved: \(id) changed on disk since it was read"
            return []
        }
        if let theirs { definitions[id] = theirs }
        let unreadable = theirs == nil ? firstError(of: id) : nil
        askAboutConflict(DiskConflict(id: id, theirs: theirs, unreadable: unreadable), saving: true)
        return []
    }

    /// The status line after a change on disk to a request without unsaved edits.
    private func describe(_ id: String, theirs: RequestDefinition?, unreadable: Problem?) -> String {
        if theirs != nil { return "reloaded \(id): changed on disk" }
        if let unreadable { return "\(id) changed on disk and cannot be read: \(unreadable.located)" }
        return "\(id) was deleted on disk"
    }

    /// Keep mine, take theirs or show the difference; a deleted file offers keeping or closing.
    mutating func askAboutConflict(_ conflict: DiskConflict, saving: Bool) {
        let what = conflict.theirs != nil ? "changed on disk" : conflict.unreadable != nil ? "changed on disk and cannot be read" : "was deleted on disk"
        let buttons = conflict.theirs != nil ? ["Keep mine", "Take theirs", "Show the difference"]
            : conflict.unreadable != nil ? ["Keep mine", "Take theirs"] : ["Keep mine", "Close"]
        let message = saving ? "Not saved: \(conflict.id) \(what) since it was read." : "\(conflict.id) \(what); your changes here are not saved."
        ask(Dialog(title: "Changed on disk", message: message, buttons: buttons, choosesByLetter: false), .conflict(conflict))
        status = saving ? "not saved: \(conflict.id) \(what) since it was read" : "\(conflict.id) \(what)"
    }

    /// The answer to a conflict: 0 keeps the draft, 1 takes the version on disk (or closes the
    /// request whose file is gone).
    mutating func resolve(_ conflict: DiskConflict, button: Int) -> [Effect] {
        guard let current = editor, current.id == conflict.id else { return [] }
        let save = keyMap.key(for: .save)
        switch (button, conflict.theirs) {
        case (0, let theirs?):
            // My edits move on top of theirs, and theirs becomes the original: a later save writes
            // what I changed over the version seen, keeping what they changed elsewhere.
            editor?.draft = RequestDefinition.rebasing(current.draft, from: current.original, onto: theirs)
            editor?.original = theirs
            editor?.fileMissing = false
            status = "kept your changes to \(conflict.id) on top of the version on disk; \(save) writes them"
        case (0, nil):
            // An unreadable file keeps its original; the draft will be written over it.
            if conflict.unreadable == nil { editor?.fileMissing = true }
            status = "kept your changes to \(conflict.id); \(save) writes its file again"
        case (_, let theirs?):
            editor = current.reloaded(with: theirs)
            status = "took the version of \(conflict.id) on disk"
        case (_, nil):
            requestPane = conflict.unreadable == nil ? .empty : .unreadable(id: conflict.id)
            status = conflict.unreadable.map { "\(conflict.id) cannot be read: \($0.located)" } ?? "closed \(conflict.id): its file is gone"
        }
        return []
    }
}
