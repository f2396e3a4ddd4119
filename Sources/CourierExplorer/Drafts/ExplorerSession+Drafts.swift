import CourierCollections
import CourierUI
import Foundation

// MARK: - Unsaved edits journaled as they happen, restored on the next start

/// What the journal last wrote for one request.
struct JournaledDraft {
    var original: RequestDefinition
    var draft: RequestDefinition
    var bodyText: String?
    var folder: StateFolder
}

extension ExplorerSession {
    /// Journals the open request's unsaved edits when they changed, and drops the drafts of
    /// requests whose edits were saved or discarded. Edits waiting while another request is open
    /// keep their draft, so a crash loses none of them either.
    func journalDraft(immediately: Bool = false) {
        for (id, entry) in journaled where !state.hasUnsavedEdits(id) {
            journal.discard(id: id, in: entry.folder)
            journaled[id] = nil
        }
        guard let current = state.editor.flatMap({ $0.isDirty ? $0 : nil }) else { return }
        let bodyText = current.bodyProblem == nil ? nil : current.bodyText
        if !immediately, let entry = journaled[current.id], entry.original == current.original, entry.draft == current.draft,
           entry.bodyText == bodyText { return }
        guard let request = tree.request(id: current.id) else { return }
        let folder = StateFolder.drafts(collectionRoot: request.collectionRoot, processEnvironment: backend.processEnvironment)
        let hash = seen?.id == current.id ? seen?.hash : request.contentHash
        journal.record(id: current.id, original: current.original, draft: current.draft, bodyText: bodyText, baseHash: hash, in: folder,
                       immediately: immediately)
        journaled[current.id] = JournaledDraft(original: current.original, draft: current.draft, bodyText: bodyText, folder: folder)
    }

    /// Restores the drafts an earlier session journaled: the newest opens with a message naming it.
    func restoreDrafts() {
        let drafts = DraftJournal.restore(tree, processEnvironment: backend.processEnvironment)
        guard !drafts.isEmpty else { return }
        // Their files stay until the edits are saved or discarded, in this session or a later one.
        for draft in drafts {
            guard let request = tree.request(id: draft.id) else { continue }
            let folder = StateFolder.drafts(collectionRoot: request.collectionRoot, processEnvironment: backend.processEnvironment)
            journaled[draft.id] = JournaledDraft(original: draft.original, draft: draft.draft, bodyText: draft.bodyText, folder: folder)
        }
        apply(.draftsFound(drafts))
    }
}
