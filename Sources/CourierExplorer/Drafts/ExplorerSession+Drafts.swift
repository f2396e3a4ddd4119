import CourierCollections
import CourierUI
import Foundation

// MARK: - Unsaved edits journaled as they happen, restored on the next start

extension ExplorerSession {
    /// Journals the open request's unsaved edits when they changed, and drops the draft of a
    /// request whose edits were saved or discarded.
    func journalDraft(immediately: Bool = false) {
        let current = state.editor.flatMap { $0.isDirty ? $0 : nil }
        if let journaled, journaled.id != current?.id {
            journal.discard(id: journaled.id, in: journaled.folder)
            self.journaled = nil
        }
        guard let current else { return }
        let bodyText = current.bodyProblem == nil ? nil : current.bodyText
        if !immediately, let journaled, journaled.original == current.original, journaled.draft == current.draft,
           journaled.bodyText == bodyText { return }
        guard let request = tree.request(id: current.id) else { return }
        let folder = StateFolder.drafts(collectionRoot: request.collectionRoot, processEnvironment: backend.processEnvironment)
        let hash = seen?.id == current.id ? seen?.hash : request.contentHash
        journal.record(id: current.id, original: current.original, draft: current.draft, bodyText: bodyText, baseHash: hash, in: folder,
                       immediately: immediately)
        journaled = (current.id, current.original, current.draft, bodyText, folder)
    }

    /// Restores the drafts an earlier session journaled: the newest opens with a message naming it.
    func restoreDrafts() {
        let drafts = DraftJournal.restore(tree, processEnvironment: backend.processEnvironment)
        guard !drafts.isEmpty else { return }
        apply(.draftsFound(drafts))
    }
}
