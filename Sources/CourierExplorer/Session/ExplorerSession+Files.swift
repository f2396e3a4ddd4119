import CourierCollections
import CourierUI
import Foundation

// MARK: - Files on disk are the truth

extension ExplorerSession {
    /// Watches the collections for changes made anywhere (git, another editor, a second
    /// courier); the loop reloads once per batch. Without a watch the explorer still works, and
    /// saves still refuse to overwrite a version it has not seen.
    func startWatching() {
        let inbox = self.inbox
        do {
            watch = try store.watch { _ in inbox.noteFilesChanged() }
        } catch {
            state.status = "changes on disk will not show until a restart: \(error)"
        }
    }

    /// Re-reads the collections after a change on disk: the tree follows, and the open request
    /// hears about its own file when that changed (reloading in place, or asking which version wins).
    func followDisk() { reload(select: nil) }

    /// Reads the collections again and publishes them, selecting `select` when given. Whatever
    /// the reason for reading (a change on disk, a file operation, a save of another file), the
    /// open request's file is compared with the version its editor took: a change is never
    /// swallowed by a reload that happened for something else.
    func reload(select: String?) {
        tree = store.load()
        let view = TreeView(tree)
        state.collectionEnvironments = view.environments
        guard let seen, tree.request(id: seen.id)?.contentHash != seen.hash else {
            apply(.reloaded(tree: view.nodes, definitions: view.definitions, problems: view.problems, select: select))
            return
        }
        // An open request whose file was renamed (`git mv`, a file manager) follows its file,
        // unsaved edits included.
        if let hash = seen.hash, let renamed = Self.renamed(seen.id, hash: hash, in: tree) {
            apply(.renamedOnDisk(from: seen.id, to: renamed))
            let status = state.status
            apply(.reloaded(tree: view.nodes, definitions: view.definitions, problems: view.problems, select: renamed))
            state.status = status
            return
        }
        // The version reported is the one seen from now on: after Keep mine, a save writes over it.
        self.seen = (seen.id, tree.request(id: seen.id)?.contentHash)
        apply(.reloaded(tree: view.nodes, definitions: view.definitions, problems: view.problems, select: select))
        apply(.fileChanged(id: seen.id, view.definitions[seen.id], problems: view.problems(of: seen.id)))
    }

    /// The new id of a request whose file with `hash` is gone: the one new file with those bytes.
    private static func renamed(_ id: String, hash: ContentHash, in tree: CollectionTree) -> String? {
        guard tree.request(id: id) == nil else { return nil }
        let candidates = tree.requests.values.filter { $0.contentHash == hash }
        return candidates.count == 1 ? candidates.first?.id : nil
    }

    /// Applies `action` to the state, notes the version of the file behind a newly opened
    /// request, then performs the effects.
    func apply(_ action: Action) {
        state.clock = SnapshotBuilder.clock()
        let effects = state.update(action)
        if state.openRequest != seen?.id {
            seen = state.openRequest.map { ($0, tree.request(id: $0)?.contentHash) }
        }
        journalDraft()
        perform(effects)
    }

    /// Saves the draft over the version of the file the editor took, changing only the text of
    /// what was edited. A file changed since then is not touched: the state asks which version wins.
    func save(_ id: String, _ definition: RequestDefinition) {
        let hash = seen?.id == id ? seen?.hash : tree.request(id: id)?.contentHash
        do throws(StoreError) {
            if let hash {
                let written = try store.saveRequest(id, definition, expecting: hash)
                // A request waiting with unsaved edits (save-all) is not the one the editor saw.
                if seen?.id == id || state.editor?.id == id { seen = (id, written) }
            } else {
                // A kept draft whose file was deleted on disk writes it again, unless a file came back there.
                let file = tree.directory.appendingPathComponent(id + ".yaml")
                guard store.contents(of: file) == nil else { throw StoreError.conflict(file: id + ".yaml") }
                try store.write(Data(CollectionWriter.text(of: definition).utf8), to: file, secret: false)
                seen = (id, store.contents(of: file).map(ContentHash.init))
            }
            reload(select: nil)
            apply(.saved(id: id, definition))
        } catch .conflict {
            // What is on disk now becomes the version seen; the dialog decides what the next save writes.
            tree = store.load()
            let view = TreeView(tree)
            seen = (id, tree.request(id: id)?.contentHash)
            apply(.reloaded(tree: view.nodes, definitions: view.definitions, problems: view.problems, select: nil))
            apply(.saveConflict(id: id, theirs: view.definitions[id]))
        } catch {
            apply(.report("not saved: \(error)"))
        }
    }

    /// Runs a file operation, reloads the tree and selects the request it produced.
    func fileOperation(_ work: () throws -> String?) {
        do {
            let id = try work()
            reload(select: id)
            if let id { state.status = "wrote \(id)" }
        } catch {
            apply(.report("\(error)"))
        }
    }

    /// Opens environment `name` of the request's collection in the variables editor.
    func loadEnvironment(_ name: String, for id: String) {
        guard let request = tree.request(id: id) else { return }
        let content = store.loadEnvironment(name, in: request.collectionRoot)
        environmentsRead[Self.environmentKey(name, request)] = content
        apply(.environmentLoaded(EnvironmentDraft(requestId: id, name: name, variables: content.variables, secrets: content.secrets,
                                                  defaults: request.settings.first?.variables ?? [],
                                                  captured: backend.captured(for: request, environment: name))))
    }

    /// Writes the variables editor's draft over the versions of the files it read.
    func saveEnvironment(_ draft: EnvironmentDraft) {
        guard let request = tree.request(id: draft.requestId) else { return }
        let key = Self.environmentKey(draft.name, request)
        let read = environmentsRead[key] ?? store.loadEnvironment(draft.name, in: request.collectionRoot)
        do {
            let notes = try store.saveEnvironment(draft.name, in: request.collectionRoot,
                                                  EnvironmentContent(variables: draft.variables, secrets: draft.secrets), over: read)
            environmentsRead[key] = store.loadEnvironment(draft.name, in: request.collectionRoot)
            reload(select: nil)
            state.environments = EnvironmentValues.names(in: request.collectionRoot)
            apply(.environmentSaved(draft))
            if let note = notes.first { state.status = note }
        } catch {
            apply(.report("not saved: \(error)"))
        }
    }

    private static func environmentKey(_ name: String, _ request: LoadedRequest) -> String {
        request.collectionRoot.path + "\u{0}" + name
    }
}
