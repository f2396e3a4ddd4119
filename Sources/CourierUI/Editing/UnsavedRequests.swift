import CourierCollections

// MARK: - Several requests with unsaved edits at once

extension ExplorerState {
    /// Whether request `id` has edits not yet saved: open, or put aside when another was opened.
    public func hasUnsavedEdits(_ id: String) -> Bool {
        editor?.id == id ? editor?.isDirty == true : waitingDrafts[id] != nil
    }

    /// Every request with unsaved edits, the open one first, then in tree order.
    public var unsavedRequests: [String] {
        let open = editor.flatMap { $0.isDirty ? [$0.id] : nil } ?? []
        let waiting = waitingDrafts.keys.filter { !open.contains($0) }
        let order = Dictionary(requestIds.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return open + waiting.sorted { (order[$0] ?? .max, $0) < (order[$1] ?? .max, $1) }
    }

    /// Puts the open request's unsaved edits aside as another request opens: they wait, marked
    /// in the tree, until it is opened again or saved with save-all.
    mutating func setAsideOpenEdits() {
        guard let editor, editor.isDirty else { return }
        waitingDrafts[editor.id] = RestoredDraft(id: editor.id, original: editor.original, draft: editor.draft,
                                                 bodyText: editor.bodyProblem == nil ? nil : editor.bodyText,
                                                 changedOnDisk: editor.fileMissing)
    }

    /// Saves every request with unsaved edits; one whose body does not parse yet is left out,
    /// and the status says which.
    mutating func saveAll() -> [Effect] {
        var effects: [Effect] = []
        var unparsed: [String] = []
        var changed: [String] = []
        for id in unsavedRequests {
            if editor?.id == id, let editor {
                if editor.bodyProblem != nil { unparsed.append(id) } else { effects.append(.save(id: id, definition: editor.draft)) }
            } else if let waiting = waitingDrafts[id] {
                if waitingChangedOnDisk(id) {
                    changed.append(id)
                } else if waiting.bodyText != nil {
                    unparsed.append(id)
                } else {
                    effects.append(.save(id: id, definition: waiting.draft))
                }
            }
        }
        if !unparsed.isEmpty || !changed.isEmpty {
            afterSave = nil
            let bodies = unparsed.isEmpty ? [] : ["the body of \(unparsed.joined(separator: ", ")) is not valid JSON yet"]
            let files = changed.isEmpty ? [] : ["\(changed.joined(separator: ", ")) changed on disk since"]
            status = "not saved: " + (bodies + files).joined(separator: "; ") + "; open it to settle it"
        } else if effects.isEmpty {
            status = "nothing to save: no request has unsaved changes"
        } else {
            status = "saving \(effects.count) request\(effects.count == 1 ? "" : "s")…"
        }
        return effects
    }

    /// A save of a request that waits with unsaved edits: they are on disk now.
    mutating func savedWaiting(_ id: String, _ definition: RequestDefinition) {
        guard let waiting = waitingDrafts[id] else { return }
        if waiting.draft == definition { waitingDrafts[id] = nil } else { waitingDrafts[id]?.original = definition }
    }

    /// Whether the file of a waiting draft changed since its edits were made: told so, or read
    /// again (a reload for another reason) as something else than the version edited.
    func waitingChangedOnDisk(_ id: String) -> Bool {
        guard let waiting = waitingDrafts[id] else { return false }
        return waiting.changedOnDisk || definitions[id] != waiting.original
    }

    /// A waiting draft's file changed on disk: reopening it asks which version wins.
    mutating func waitingFileChanged(_ id: String, theirs: RequestDefinition?) {
        guard openRequest != id, let waiting = waitingDrafts[id], theirs != waiting.original else { return }
        waitingDrafts[id]?.changedOnDisk = true
    }

    /// The question before quitting with unsaved edits: it lists every request that has them.
    mutating func askAboutUnsaved(then intent: PendingIntent) -> [Effect] {
        let unsaved = unsavedRequests
        guard let first = unsaved.first else { return proceed(intent) }
        if unsaved.count == 1 {
            ask(Dialog(title: "Unsaved changes", message: "\(first) has unsaved changes.", buttons: ["Save", "Discard", "Cancel"]), .unsaved(intent))
        } else {
            let list = unsaved.joined(separator: ", ")
            ask(Dialog(title: "Unsaved changes", message: "\(unsaved.count) requests have unsaved changes: \(list).",
                       buttons: ["Save all", "Discard all", "Cancel"]), .unsaved(intent))
        }
        return []
    }

    /// Drops every unsaved edit: the open request goes back to its file (or closes when the file
    /// is gone), and the waiting drafts are let go.
    mutating func discardAll() {
        if let current = editor, current.isDirty { editor = current.fileMissing ? nil : current.reloaded(with: current.original) }
        waitingDrafts = [:]
    }
}
