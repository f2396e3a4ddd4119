import CourierCollections

/// Unsaved edits a session journaled before it stopped (a crash, `kill -9`, a closed terminal),
/// for this one to restore.
public struct RestoredDraft: Sendable, Equatable {
    /// The request's id.
    public var id: String
    /// The version of the file the edits were made on.
    public var original: RequestDefinition
    /// The edits.
    public var draft: RequestDefinition
    /// Body text being typed that did not parse yet, restored as typed; nil when the draft's body is it.
    public var bodyText: String?
    /// Whether the file changed on disk since (or is gone): the restored edits then go through
    /// the same question as edits overtaken by a change on disk.
    public var changedOnDisk: Bool

    /// A draft to restore.
    public init(id: String, original: RequestDefinition, draft: RequestDefinition, bodyText: String? = nil, changedOnDisk: Bool) {
        self.id = id
        self.original = original
        self.draft = draft
        self.bodyText = bodyText
        self.changedOnDisk = changedOnDisk
    }
}

extension ExplorerState {
    /// Journaled drafts were found at start, newest first: the newest opens with its edits, the
    /// others wait until their request is opened; the status line names what was restored.
    mutating func draftsFound(_ drafts: [RestoredDraft]) -> [Effect] {
        guard let newest = drafts.first else { return [] }
        for draft in drafts { waitingDrafts[draft.id] = draft }
        let others = drafts.dropFirst().map(\.id)
        let waiting = others.isEmpty ? "" : "; unsaved edits of \(others.joined(separator: ", ")) come back when opened"
        guard select(newest.id) || definitions[newest.id] != nil, show(newest.id), editor?.id == newest.id else {
            status = "unsaved edits of \(newest.id) were kept in a draft, but the request is gone\(waiting)"
            return []
        }
        if modal == nil {
            status = "restored unsaved edits of \(newest.id) (courier stopped before they were saved)\(waiting)"
        } else {
            status = "restored unsaved edits of \(newest.id); its file changed on disk since, so choose which version wins\(waiting)"
        }
        return []
    }

    /// The editor for request `id` with its waiting draft, if it has one (taken out of waiting);
    /// a file changed since asks which version wins.
    mutating func restoreDraft(_ id: String) -> Bool {
        let changedOnDisk = waitingChangedOnDisk(id)
        guard let restored = waitingDrafts.removeValue(forKey: id) else { return false }
        var editor = RequestEditor(id: id, definition: restored.original)
        editor.draft = restored.draft
        editor.bodyText = RequestEditor.text(of: restored.draft.body)
        if let text = restored.bodyText { editor.commitBody(text) }
        self.editor = editor
        if changedOnDisk {
            let theirs = definitions[id]
            askAboutConflict(DiskConflict(id: id, theirs: theirs, unreadable: theirs == nil ? firstError(of: id) : nil), saving: false)
        }
        return true
    }
}
