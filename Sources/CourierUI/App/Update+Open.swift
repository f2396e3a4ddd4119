import CourierCollections

// MARK: - Opening, previewing and sending requests

extension ExplorerState {
    /// What the request pane says when a command needs an open request.
    var notOpenSentence: String {
        if case .unreadable(let id) = requestPane {
            return "\(id) could not be read, so it cannot be edited here; fix its file and it reloads"
        }
        return "no request is open: select one in the collections pane, \(keyMap.openKey) opens it"
    }

    /// Sends the open request as drafted, unless its file has an error or its body does not parse.
    mutating func sendOpen() -> [Effect] {
        if let id = openRequest, let error = firstError(of: id) {
            status = "not sent: \(error.located)"
            return []
        }
        guard let editor else {
            status = notOpenSentence
            return []
        }
        if let problem = editor.bodyProblem {
            status = "not sent: \(problem)"
            return []
        }
        if let sending {
            status = "\(sending) is still in flight; \(keyMap.key(for: .cancel)) cancels it"
            return []
        }
        sending = editor.id
        response.transfer = TransferStatus()
        response.outcome = nil
        return [.send(id: editor.id, definition: editor.draft, environment: environment)]
    }

    /// ctrl-r in the tree: sends the selected request (asking first when another one has
    /// unsaved changes), or the open one while a folder is selected.
    mutating func sendSelected() -> [Effect] {
        guard let node = selectedNode, !node.isFolder, node.id != openRequest else { return sendOpen() }
        return open(node.id, sending: true)
    }

    /// Saves the open request, unless its body does not parse.
    mutating func saveOpen() -> [Effect] {
        guard let editor else { return [] }
        if let problem = editor.bodyProblem {
            status = "not saved: \(problem)"
            afterSave = nil
            return []
        }
        guard editor.isDirty else {
            status = "\(editor.id) has no unsaved changes"
            return []
        }
        return [.save(id: editor.id, definition: editor.draft)]
    }

    /// Opens request `id` in the request pane; unsaved edits of the one open before wait for
    /// it to be opened again. `focusing` moves focus to the pane, `sending` sends it once open.
    mutating func open(_ id: String, focusing: Bool = false, sending: Bool = false) -> [Effect] {
        guard show(id) else { return [] }
        if sending { return sendOpen() }
        if focusing { focus = .request }
        status = firstError(of: id).map { "\(id) has problems: \($0.located)" } ?? "opened \(id)"
        return []
    }

    /// Shows request `id` in the request pane without asking or moving focus: readable requests
    /// in the editor, unreadable ones as their problems. False when there is no such request.
    @discardableResult
    mutating func show(_ id: String) -> Bool {
        guard openRequest != id else { return true }
        guard definitions[id] != nil || !problems(of: id).isEmpty else {
            status = "\(id) is not in the collections any more"
            return false
        }
        setAsideOpenEdits()
        if definitions[id] != nil, restoreDraft(id) {
            // The unsaved edits of an earlier session, journaled before it stopped.
        } else if let definition = definitions[id] {
            editor = RequestEditor(id: id, definition: definition)
        } else if !problems(of: id).isEmpty {
            requestPane = .unreadable(id: id)
        } else {
            status = "\(id) is not in the collections any more"
            return false
        }
        environments = collectionEnvironments[String(id.split(separator: "/").first ?? "")] ?? []
        response = ResponsePane()
        if let last = history[id]?.last {
            response.show(last)
            response.historySelection = (history[id]?.count ?? 1) - 1
        }
        return true
    }

    /// Shows the selected request in the request pane as the selection moves. Unsaved edits are
    /// never dropped for a preview: they wait, marked in the tree, until their request is shown again.
    mutating func previewSelection() -> [Effect] {
        guard modal == nil, let node = selectedNode, !node.isFolder, node.id != openRequest else { return [] }
        show(node.id)
        return []
    }

    /// Updates the tree's method badge after a save (titles are file stems, which a save keeps).
    mutating func retitle(_ id: String, _ definition: RequestDefinition) {
        func walk(_ nodes: inout [TreeNode]) {
            for index in nodes.indices {
                if nodes[index].id == id { nodes[index].method = definition.method }
                walk(&nodes[index].children)
            }
        }
        walk(&tree)
    }
}
